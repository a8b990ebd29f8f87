import { FieldErrorSchema } from "../errors";
import { z } from "../lib/openapi-zod";
import { RenderOptionsSchema } from "./render-options/options-schema";
import { IsoTimestamp, listOf } from "./schema-parts";
import { TEMPLATE_NAME_PATTERN } from "./shared-rules";

const Engine = z
  .enum(["chromium", "satori"])
  .openapi({ description: "`chromium` (default) for PDF, PNG and JPG; `satori` for fast PNG cards." });
const JsonSchemaObject = z.record(z.string(), z.unknown()).openapi({
  description: "A JSON Schema (draft 2020-12) for `data`; `{}` accepts anything.",
  example: { type: "object", required: ["name"] },
});
const OneLine = z
  .string()
  .max(500)
  .regex(/^[^\r\n]*$/, { error: "a single line (no line breaks)" });

const definitionFields = {
  source: z.string().min(1).openapi({
    description: "One self-contained HTML document with inline CSS and Liquid.",
    example: "<h1>Hello {{ name }}</h1>",
  }),
  engine: Engine.optional(),
  schema: JsonSchemaObject.optional(),
  options: RenderOptionsSchema.optional().openapi({
    description: "The template's default render options; a render's own `options` are merged over them and win.",
  }),
  expected_pages: z
    .int()
    .min(1)
    .max(2000)
    .optional()
    .openapi({ description: "Page estimate for the pre-render quota check; default 1. Not a limit." }),
  example: z.unknown().optional().openapi({ description: "An example payload, returned by GET and by validate." }),
  description: OneLine.optional().openapi({ description: "One line, shown in listings." }),
  message: z.string().max(1000).optional().openapi({ description: "Changelog line of this version." }),
};

export const TemplateCreateBody = z
  .strictObject({
    name: z.string().openapi({
      description: `Lowercased by the service; must then match ${TEMPLATE_NAME_PATTERN.source}.`,
      example: "invoice",
    }),
    ...definitionFields,
  })
  .openapi("TemplateInput");

export const TemplateVersionBody = z.strictObject(definitionFields).openapi("TemplateVersionInput", {
  description:
    "Omitted engine, schema, options, expected_pages and example are inherited; `{}` clears schema or " +
    "options, `null` clears example.",
});

export const ValidateBody = z
  .object({ data: z.unknown().openapi({ description: "The payload to check against the template's schema." }) })
  .openapi("ValidateRequest");

export const TemplateSchema = z
  .object({
    object: z.literal("template"),
    id: z.string().openapi({ example: "tpl_3k9x0c2m4n5b6v7c8x9z0a1s" }),
    name: z.string(),
    description: z.string(),
    latest_version: z.int(),
    version: z.int(),
    ref: z.string().openapi({ example: "invoice@3" }),
    engine: Engine,
    schema: JsonSchemaObject,
    options: RenderOptionsSchema,
    expected_pages: z.int(),
    example: z.unknown().nullable(),
    source: z.string(),
    checksum: z.string().openapi({ description: "SHA-256 over engine, source, schema and options." }),
    message: z.string().nullable(),
    created_at: IsoTimestamp,
    updated_at: IsoTimestamp,
    version_created_at: IsoTimestamp,
  })
  .openapi("Template");

export const TemplateListSchema = listOf(TemplateSchema, "TemplateList");

const TemplateWarningSchema = z
  .object({
    path: z.string().openapi({ example: "source" }),
    code: z.enum([
      "unknown_filter",
      "clock_read",
      "liquid_stray_delimiter",
      "satori_layout",
      "example_invalid",
      "e_invoice_rule",
      "e_invoice_unchecked",
      "e_invoice_refused",
      "invalid_code",
      "accessibility",
      "sign_skipped",
    ]),
    rule: z
      .string()
      .optional()
      .openapi({
        example: "BR-CO-26",
        description:
          "e_invoice_rule: the id the official artefact gives the violated rule; invalid_code: the code filter's rule " +
          "(/docs#codes); accessibility: the Matterhorn checkpoint (`14-002`) or Folio's `FOLIO-<NAME>` rule.",
      }),
    message: z.string().openapi({
      example: "`source` uses the unknown filter `shiny` (line 3, column 12); rendering it fails with render_failed.",
    }),
  })
  .openapi("TemplateWarning", {
    description:
      "Something that will go wrong at render time although the template was accepted, or (clock_read) make " +
      "the file print the date of its request. e_invoice_rule: the example's e-invoice XML violates an official " +
      "rule (one warning per violation); e_invoice_unchecked: no render backend could check it; e_invoice_refused: " +
      "the XML is refused before any rule runs (not well-formed, a DTD or entity, a stylesheet instruction, " +
      "XInclude, not the standard's root), as every render would refuse it. invalid_code: a code filter (qr_code, " +
      "barcode, epc_qr, swiss_qr_bill) refuses the example's value, at its line or at `example.<field>`. " +
      "accessibility: with `pdfua` in the template's options, what the example's HTML shows that a `pdfua` render " +
      "fails (no language, no title, an img without alt, headings that skip, a table without th, a link without " +
      "text), at its line and column in `source`; or a `pdfua` preview's file fails the PDF/UA-1 check (a render " +
      "would be refused). sign_skipped: a preview with `options.sign` is never signed (a visible signature's box " +
      "is outlined where it would be drawn). " +
      "Warnings never block.",
  });

export const Warnings = z.array(TemplateWarningSchema).openapi({ description: "Empty when the template is clean." });

const WarningsTruncated = z
  .literal(true)
  .optional()
  .openapi({ description: "Present when the version has more than 100 warnings: `warnings` holds the first 100." });

export const SavedTemplateSchema = TemplateSchema.extend({
  warnings: Warnings,
  warnings_truncated: WarningsTruncated,
}).openapi("SavedTemplate", {
  description: "A template as created or published, with the warnings about its new version.",
});

export const TemplateVersionSchema = z
  .object({
    object: z.literal("template_version"),
    id: z.string(),
    template: z.string(),
    ref: z.string(),
    version: z.int(),
    engine: Engine,
    checksum: z.string(),
    message: z.string().nullable(),
    created_at: IsoTimestamp,
  })
  .openapi("TemplateVersion");

export const TemplateVersionListSchema = listOf(TemplateVersionSchema, "TemplateVersionList");

export const DeletedTemplateSchema = z
  .object({ object: z.literal("template"), id: z.string(), name: z.string(), deleted: z.literal(true) })
  .openapi("DeletedTemplate");

export const ValidationResultSchema = z
  .object({
    object: z.literal("validation"),
    template: z.string(),
    valid: z.boolean(),
    errors: z.array(FieldErrorSchema),
    example: z.unknown().nullable(),
    warnings: Warnings.openapi({
      description: "The template version's own warnings, whatever the data: empty when it is clean.",
    }),
    warnings_truncated: WarningsTruncated,
  })
  .openapi("ValidationResult");
