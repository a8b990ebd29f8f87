import { ErrorEnvelopeSchema } from "../errors";
import { z } from "../lib/openapi-zod";
import { ComplianceSchema } from "./compliance";
import { RenderOptionsSchema } from "./render-options/options-schema";
import { IsoTimestamp } from "./schema-parts";
import { OUTPUT_FORMATS } from "./shared-rules";

export const RenderRequestBody = z
  .strictObject({
    template: z.string().openapi({ description: "`name` or `name@version`.", example: "invoice@3" }),
    version: z
      .int()
      .min(1)
      .optional()
      .openapi({ description: "Folded into the reference: `template: name, version: 3` is `name@3`." }),
    data: z
      .unknown()
      .optional()
      .openapi({ description: "Validated against the template's schema; `{}` when omitted." }),
    format: z
      .enum([...OUTPUT_FORMATS, "jpeg"])
      .optional()
      .openapi({
        description:
          "Default `pdf` for chromium templates, `png` for satori. `jpeg` is stored as `jpg`. `webp` is not " +
          "part of v1.",
      }),
    options: RenderOptionsSchema.optional().openapi({
      description:
        "Merged over the template's default options; per-request values win, and both win over the document's " +
        "own `@page` size and margins. An option that does not apply to the requested format is refused (400 " +
        "at `options.<key>`); template defaults that do not apply are ignored.",
    }),
    webhook_url: z.string().optional().openapi({
      description:
        "Absolute URL (https in production); the render is queued and a signed webhook is sent when it ends.",
    }),
    async: z.boolean().optional().openapi({ description: "Force the queued path." }),
  })
  .openapi("RenderRequest");

export const RenderSchema = z
  .object({
    object: z.literal("render"),
    id: z.string().regex(/^rnd_[a-z0-9]+$/),
    status: z.enum(["queued", "succeeded", "failed"]),
    template: z.string().openapi({ example: "invoice@3" }),
    format: z.enum(OUTPUT_FORMATS),
    engine: z.enum(["chromium", "satori"]),
    cached: z.boolean(),
    url: z
      .string()
      .nullable()
      .openapi({ description: "Signed URL, valid for one hour from issue; null while queued and when failed." }),
    expires_at: IsoTimestamp.nullable().openapi({
      description: "When `url` stops working; null when there is no URL.",
    }),
    page_count: z.int().nullable(),
    billable_units: z.int().nullable(),
    byte_size: z.int().nullable(),
    content_type: z.string(),
    created_at: IsoTimestamp,
    completed_at: IsoTimestamp.nullable(),
    error: ErrorEnvelopeSchema.shape.error.nullable(),
    compliance: ComplianceSchema.optional(),
    webhook_status: z.enum(["pending", "delivered", "failed"]).nullable(),
    webhook_attempts: z.int(),
    batch_id: z.string().optional(),
  })
  .openapi("Render");

export const RenderListSchema = z
  .object({ object: z.literal("list"), data: z.array(RenderSchema), has_more: z.boolean() })
  .openapi("RenderList");
