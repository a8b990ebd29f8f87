import type { RenderOptions } from "../../contract/render-options/options-schema";
import type { OutputFormat } from "../../contract/shared-rules";
import { ServiceError } from "../../errors";
import { receivedPhrase } from "../../lib/field-errors";

// A UBL e-invoice is an XML file with the PDF inside, so it and `format: "xml"` go together (README, "E-invoices"):
// either without the other is the caller's mistake, named at `format`.

/** Whose format rule applies: a render's XML is always UBL; a preview shows either standard's XML. */
export type XmlFormatRule = "render" | "preview";

function atFormat(message: string, expected: string, format: OutputFormat): ServiceError {
  return new ServiceError("invalid_request", message, {
    errors: [{ path: "format", message, expected, received: receivedPhrase(format) }],
  });
}

/**
 * Refuses a UBL e-invoice the request itself asks for without `format: "xml"`, and `format: "xml"` without the
 * e-invoice it would be (UBL for a render; either standard for a preview).
 */
export function refuseXmlFormatMismatch(
  format: OutputFormat,
  requested: RenderOptions | undefined,
  applicable: RenderOptions,
  rule: XmlFormatRule,
): void {
  if (requested?.e_invoice?.standard === "ubl" && format !== "xml")
    throw atFormat(
      'A UBL e-invoice is an XML file with the PDF inside: render it with `format: "xml"`.',
      '"xml" with a UBL `e_invoice`',
      format,
    );
  if (format !== "xml") return;
  const invoice = applicable.e_invoice;
  if (invoice?.standard === "ubl" || (invoice && rule === "preview")) return;
  throw atFormat(
    invoice
      ? 'A Factur-X invoice is a PDF with its XML inside: render it with `format: "pdf"` (a preview may show its XML).'
      : '`format: "xml"` renders a UBL e-invoice: give `options.e_invoice` with `standard: "ubl"`.',
    rule === "preview" ? "an `e_invoice` to show as XML" : 'a UBL `e_invoice` (`standard: "ubl"`)',
    format,
  );
}
