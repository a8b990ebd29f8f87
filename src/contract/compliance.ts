// A render's receipts (`compliance` on the Render): what its output was checked against and what was found. The
// schema documents them and types what the render writes and the database keeps (src/render/e-invoice/e-invoice-compliance.ts).
import { z } from "../lib/openapi-zod";
import { IsoTimestamp } from "./schema-parts";

const RuleSetSchema = z.object({
  name: z.string().openapi({ example: "CEN EN 16931 validation artefacts, CII" }),
  version: z.string().openapi({ example: "1.3.16" }),
});

export const ViolationSchema = z
  .object({
    rule: z.string().openapi({
      description: "The rule's id as its artefact gives it (`BR-CO-26`), `XSD` for the schema, `FOLIO-PROFILE`.",
      example: "BR-CO-26",
    }),
    severity: z.enum(["fatal", "warning"]).openapi({ description: "Warnings never fail a render." }),
    message: z.string(),
    location: z.string().openapi({
      description: "An XPath into the XML (prefixes rsm, ram, udt, qdt for CII; ubl, cn, cac, cbc for UBL).",
    }),
  })
  .openapi("EInvoiceViolation");

const EInvoiceComplianceSchema = z
  .object({
    standard: z.enum(["factur-x", "ubl"]),
    profile: z.string().openapi({ description: "The Factur-X profile, or a UBL invoice's CIUS.", example: "en16931" }),
    cius: z.string().optional().openapi({ description: "A UBL invoice's CIUS.", example: "peppol-bis-3" }),
    valid: z.boolean().nullable().openapi({
      description: "No fatal violation; null when no validator could run (`unchecked`).",
    }),
    unchecked: z.literal(true).optional().openapi({
      description: 'Set when the render ran without a render backend under `validation: "report"`.',
    }),
    rules: z.array(RuleSetSchema).openapi({ description: "The rule sets applied, each pinned by version." }),
    rules_not_applied: z.array(z.object({ name: z.string(), reason: z.string() })),
    violations: z.array(ViolationSchema).openapi({ description: "Fatal first, at most 100." }),
    violations_truncated: z.literal(true).optional(),
  })
  .openapi("EInvoiceCompliance");

const AccessibilityComplianceSchema = z
  .object({
    standard: z.literal("PDF/UA-1"),
    checker: z.string().openapi({ description: "Folio's checker and its version.", example: "folio-pdfua-1" }),
    checks: z.int().openapi({ description: "How many machine-checkable conditions it decided.", example: 84 }),
    valid: z
      .literal(true)
      .openapi({ description: "Always true: a `pdfua` render that fails the check is not stored." }),
  })
  .openapi("AccessibilityCompliance");

const SignatureComplianceSchema = z
  .object({
    level: z.enum(["B-B", "B-T"]).openapi({ description: "The PAdES baseline level the file is signed at." }),
    certificate: z.string().openapi({ example: "crt_0123456789abcdefghijklmn" }),
    subject: z.string().openapi({ example: "CN=Acme Billing,O=Acme GmbH,C=DE" }),
    fingerprint_sha256: z.string().openapi({ description: "The certificate's SHA-256 fingerprint, lower-case hex." }),
    signed_at: IsoTimestamp.openapi({ description: "The signing time written in the signature's /M." }),
    timestamp: z
      .object({
        authority: z.string().openapi({ description: "The time-stamp authority certificate's subject." }),
        time: IsoTimestamp.openapi({ description: "The time the authority vouches for." }),
        serial: z.string().openapi({ description: "The token's serial number, upper-case hex." }),
      })
      .nullable()
      .openapi({ description: "B-T: the signature time-stamp; null at B-B." }),
  })
  .openapi("SignatureCompliance");

export const ComplianceSchema = z
  .object({
    e_invoice: EInvoiceComplianceSchema.optional(),
    accessibility: AccessibilityComplianceSchema.optional(),
    signature: SignatureComplianceSchema.optional(),
  })
  .openapi("Compliance", {
    description:
      "What the output was checked against and what the checks found; only on renders with `e_invoice`, `pdfua` " +
      "or `sign`.",
  });

/** The render's receipt for its e-invoice: `compliance.e_invoice` on the Render. */
export type EInvoiceCompliance = z.infer<typeof EInvoiceComplianceSchema>;
export type AccessibilityCompliance = z.infer<typeof AccessibilityComplianceSchema>;
export type SignatureCompliance = z.infer<typeof SignatureComplianceSchema>;
export type Compliance = z.infer<typeof ComplianceSchema>;
