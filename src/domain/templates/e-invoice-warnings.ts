// A template that makes an e-invoice has its example's XML checked with the official rules when it is saved or
// validated, so a violation shows before the first render is refused for it. Warnings never block a save.

import type { Violation } from "@folio/e-invoice/violation";
import type { RenderOptions } from "../../contract/render-options/options-schema";
import type { AccountRow, TemplateVersionRow } from "../../db/schema";
import { ServiceError } from "../../errors";
import type { EInvoiceCheck, EInvoiceValidation, RenderBackend } from "../../render/chromium/driver";
import { checkEInvoiceXml, eInvoiceKind } from "../../render/e-invoice/e-invoice";
import { renderLiquid } from "../../render/liquid/liquid";
import { type PreviewLimiters, previewAdmission } from "../accounts/admission";

const PATH = "options.e_invoice.xml";

/** A template warning about the e-invoice; `rule` names the official rule violated. */
export interface EInvoiceWarning {
  path: typeof PATH;
  code: "e_invoice_rule" | "e_invoice_unchecked" | "e_invoice_refused";
  rule?: string;
  message: string;
}

/** Asks the rules about one XML: the render backend's answer, or "unchecked" where none can run. */
export type EInvoiceChecker = (check: EInvoiceCheck) => Promise<EInvoiceValidation | "unchecked">;

/**
 * The account's checker on this environment's driver; no driver, or a backend that cannot answer, is "unchecked".
 * A check runs the official rules on the render backend, free work that costs like a preview: it is admitted by
 * `admission` (the request's preview gate, docs/limits.md#previews) first, and refused with it (429); it then takes
 * the free share of the backend's checks, whatever the plan (docs/limits.md#fair-share).
 */
export function eInvoiceChecker(
  chromium: () => RenderBackend,
  accountId: string,
  admission: () => Promise<unknown>,
): EInvoiceChecker {
  return async (check) => {
    await admission();
    try {
      const { eInvoices } = chromium();
      return eInvoices ? await eInvoices.check(check, { accountId, share: "free" }) : "unchecked";
    } catch (error) {
      if (error instanceof ServiceError) return "unchecked";
      throw error;
    }
  };
}

/** The checker of one request by `caller` (create, publish), its checks counted as one preview of the caller's. */
export function callerEInvoiceChecker(
  caller: { account: AccountRow; apiKeyId: string },
  deps: PreviewLimiters & { chromium: () => RenderBackend },
): EInvoiceChecker {
  return eInvoiceChecker(deps.chromium, caller.account.id, previewAdmission(caller, deps));
}

const UNCHECKED: EInvoiceWarning = {
  path: PATH,
  code: "e_invoice_unchecked",
  message:
    "The example's e-invoice XML could not be checked with the official rules: no render backend answered the " +
    "check (none runs here, or its checks were busy or stopped). Validate again to check it; renders enforcing " +
    "the rules fail while none can.",
};

/** One warning per violation the rules find in the XML rendered from the example (none when it passes). */
export async function eInvoiceWarnings(
  version: TemplateVersionRow,
  example: unknown,
  check: EInvoiceChecker,
): Promise<EInvoiceWarning[]> {
  const invoice = (version.options as RenderOptions).e_invoice;
  if (!invoice) return [];
  let xml: string;
  try {
    xml = await renderLiquid(invoice.xml, { data: example ?? {}, instant: new Date() }, PATH, "xml");
  } catch (error) {
    // Liquid that fails is the Liquid warnings' concern, or the render's: there is no XML to check.
    if (error instanceof ServiceError) return [];
    throw error;
  }
  // The XML gate first, as for a render (docs/limits.md#no-request-holds-the-service): a DTD, an entity, a stylesheet
  // instruction or XML that is no e-invoice never reaches the backend's parser, and every render would refuse it.
  try {
    checkEInvoiceXml(xml, invoice.standard);
  } catch (error) {
    if (error instanceof ServiceError) return [{ path: PATH, code: "e_invoice_refused", message: error.message }];
    throw error;
  }
  const verdict = await check({ xml, ...eInvoiceKind(invoice) });
  if (verdict === "unchecked") return [UNCHECKED];
  return verdict.violations.map(violationWarning);
}

/** A violation the rules found, as the template warning that names it. */
export function violationWarning({ rule, severity, message, location }: Violation): EInvoiceWarning {
  return { path: PATH, code: "e_invoice_rule", rule, message: `${rule} (${severity}, at ${location}): ${message}` };
}
