// POST /validate-e-invoice: the Worker has no Node, so the official e-invoice rules (XSLT in SaxonJS, XSD in
// libxml2-wasm, both reading their artefacts from disk) run here, beside the page's printing.
import { kindFrom } from "@folio/e-invoice/profiles";
import { type CheckShare, type EInvoiceValidation, validateEInvoice } from "@folio/e-invoice/validate";
import { JobFailure } from "@folio/render-page/job-failure";

/**
 * Checks `{xml, standard, profile | cius}` against the rules of `share`; a body naming no kind Folio checks is the
 * caller's mistake.
 */
export function checkEInvoice(text: string, share: CheckShare): EInvoiceValidation {
  let body: { xml?: unknown; standard?: unknown; profile?: unknown; cius?: unknown };
  try {
    body = JSON.parse(text);
  } catch {
    throw badCheck("the body is not JSON");
  }
  const kind = kindFrom(body ?? {});
  if (!kind || typeof body.xml !== "string")
    throw badCheck('it needs {xml, standard: "factur-x", profile} or {xml, standard: "ubl", cius}');
  return validateEInvoice(body.xml, kind, [share]);
}

function badCheck(why: string): JobFailure {
  return new JobFailure("render_failed", `The e-invoice check could not be read: ${why}.`, {
    stage: "e_invoice",
    reason: "bad_check",
    retryable: false,
  });
}
