import { z } from "@hono/zod-openapi";
import { PreviewBody } from "../../contract/previews";
import { Warnings } from "../../contract/templates";
import { FREE_PREVIEWS_PER_DAY, PREVIEWS_PER_MINUTE } from "../../domain/accounts/admission";
import { createPreview, MAX_PREVIEW_PAGES } from "../../domain/previews/create-preview";
import { firstPageImage } from "../../domain/previews/first-page-image";
import { previewRequest } from "../../domain/previews/parse-request";
import { anyJson, parseArguments, READS, tool, WithFile } from "../tool";

/** What the agent reads beside the file: POST /v1/previews' headers as fields. */
const PreviewAnswerSchema = z.object({
  object: z.literal("preview"),
  content_type: z.string().describe("The type of the file sent with this answer."),
  pdf_first_page: z
    .boolean()
    .describe(
      "True when the preview is a PDF and the file is its first page drawn as a PNG (the PDF itself is not sent: " +
        "render it, or POST /v1/previews, for the file).",
    ),
  page_count: z.int(),
  truncated: z
    .boolean()
    .describe(`True when the document has more pages than a preview prints (${MAX_PREVIEW_PAGES}).`),
  warnings: Warnings,
  warnings_truncated: z.boolean(),
});

export const previewTemplateTool = tool({
  name: "preview_template",
  title: "Preview a template",
  description:
    "Render a stored template (template) or an unsaved definition (source, engine, schema, options) with data, " +
    "marked PREVIEW, never stored or billed (POST /v1/previews). An image format answers the image to look at; a " +
    "PDF answers its first page drawn as a PNG (the PDF file itself where no render backend can draw it). Both " +
    "come with the page count and the template's warnings. At most " +
    `${PREVIEWS_PER_MINUTE} previews a minute per API key, ${FREE_PREVIEWS_PER_DAY} a day on a free or trial ` +
    `account; a PDF preview prints at most ${MAX_PREVIEW_PAGES} pages.`,
  // Nothing is stored or billed, but assets in the template reach hosts outside Folio.
  annotations: { ...READS, openWorldHint: true },
  input: {
    ...PreviewBody.shape,
    data: anyJson(
      "The data the template is rendered with, as JSON (usually an object, not a JSON-encoded string); {} when omitted.",
    ).optional(),
  },
  output: PreviewAnswerSchema,
  run: async (args, caller, services) => {
    const request = previewRequest(parseArguments(PreviewBody, args), services.clock.now());
    const preview = await createPreview(caller, request, services);
    const image = await firstPageImage(preview, caller.account.id, services.chromium);
    const file = image
      ? { bytes: image, contentType: "image/png" }
      : { bytes: preview.bytes, contentType: preview.contentType };
    const answer = {
      object: "preview" as const,
      content_type: file.contentType,
      pdf_first_page: image !== null,
      page_count: preview.pageCount,
      truncated: preview.truncated,
      warnings: preview.warnings,
      warnings_truncated: preview.warningsTruncated,
    };
    return new WithFile(answer, file);
  },
});
