import { z } from "../../lib/openapi-zod";

// The e-invoice option (/docs#e-invoices, src/docs/e-invoice-guide.ts): the XML a render makes beside its PDF, a
// Factur-X PDF/A-3 holding CII or a UBL file holding the PDF, checked with the official rules.

export const FACTUR_X_PROFILES = ["minimum", "basic-wl", "basic", "en16931", "extended", "xrechnung"] as const;
export const UBL_CIUS = ["en16931", "peppol-bis-3", "xrechnung"] as const;

/**
 * The name a Factur-X PDF embeds its CII XML under (no attachment may take it): ZUGFeRD names an XRechnung
 * `xrechnung.xml`.
 */
export function facturXFileName(profile: (typeof FACTUR_X_PROFILES)[number]): string {
  return profile === "xrechnung" ? "xrechnung.xml" : "factur-x.xml";
}

const EInvoiceValidation = z
  .enum(["enforce", "report"])
  .optional()
  .openapi({
    description:
      "The rendered XML is checked with the official rules (its XSD, CEN EN 16931, the profile's or CIUS's own " +
      'rules). "enforce" (default): a fatal violation fails the render (`render_failed`, stage `e_invoice`, with the ' +
      'violations), nothing stored or billed. "report": the render succeeds and the violations are in its ' +
      "`compliance.e_invoice`.",
  });

/** Whether a failed check fails the render ("enforce", the default) or travels in its receipt ("report"). */
export type EInvoiceValidationMode = NonNullable<z.infer<typeof EInvoiceValidation>>;

const FacturXSchema = z
  .strictObject({
    standard: z.literal("factur-x"),
    profile: z.enum(FACTUR_X_PROFILES).openapi({
      description:
        "The Factur-X (ZUGFeRD 2.x) profile the XML follows, written to the XMP as its conformance level; " +
        "`xrechnung` is the XRechnung CIUS on CII, embedded as `xrechnung.xml`.",
    }),
    xml: z
      .string()
      .min(1)
      .openapi({
        description:
          "Liquid source of the Cross Industry Invoice XML, rendered with the render's data; its root must be " +
          "`rsm:CrossIndustryInvoice`.",
      }),
    validation: EInvoiceValidation,
  })
  .openapi("FacturXInvoice", { description: "A PDF/A-3 with the CII XML inside (Factur-X, ZUGFeRD, XRechnung)." });

const UblSchema = z
  .strictObject({
    standard: z.literal("ubl"),
    cius: z.enum(UBL_CIUS).openapi({
      description: "The rules the UBL follows: the EN 16931 core, Peppol BIS Billing 3.0 or XRechnung.",
    }),
    xml: z
      .string()
      .min(1)
      .openapi({
        description:
          "Liquid source of a UBL 2.1 `Invoice` or `CreditNote`, rendered with the render's data. Needs " +
          '`format: "xml"`: the file is this XML.',
      }),
    validation: EInvoiceValidation,
    embed_pdf: z
      .boolean()
      .optional()
      .openapi({
        description:
          "Default true: the PDF printed from the template is embedded as " +
          "`cac:AdditionalDocumentReference/cac:Attachment/cbc:EmbeddedDocumentBinaryObject`. false: nothing is " +
          "printed (1 unit, `page_count` 0).",
      }),
  })
  .openapi("UblInvoice", { description: "A UBL 2.1 XML with the printed PDF inside (Peppol BIS, XRechnung)." });

export const EInvoiceSchema = z.discriminatedUnion("standard", [FacturXSchema, UblSchema]).openapi("EInvoice");
