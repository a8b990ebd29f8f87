import { z } from "../lib/openapi-zod";
import { RenderRequestBody } from "./renders";
import { TemplateVersionBody } from "./templates";

/** What to preview: POST /v1/previews' body, and the preview_template tool's arguments. */
export const PreviewBody = z
  .strictObject({
    template: z
      .string()
      .optional()
      .openapi({ description: "A stored version to preview: `name` or `name@version`. Give either this or `source`." }),
    source: TemplateVersionBody.shape.source.optional(),
    engine: TemplateVersionBody.shape.engine,
    schema: TemplateVersionBody.shape.schema,
    options: RenderRequestBody.shape.options,
    data: RenderRequestBody.shape.data,
    format: RenderRequestBody.shape.format,
  })
  .openapi("PreviewRequest", {
    description:
      "A stored template version (`template`) or an unsaved definition (`source`, with `engine`, `schema` and " +
      "`options`), rendered with `data`.",
  });
