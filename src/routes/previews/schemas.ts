import { z } from "@hono/zod-openapi";
import type { PreviewRequest, PreviewSubject } from "../../domain/previews/create-preview";
import { parseReference } from "../../domain/templates/reference";
import { ServiceError } from "../../errors";
import { RenderRequestBody } from "../renders/schemas";
import { TemplateVersionBody } from "../templates/schemas";

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

function subjectOf(body: z.infer<typeof PreviewBody>): PreviewSubject {
  const { template, source } = body;
  if (template !== undefined && source === undefined) return { ref: parseReference(template, "template") };
  if (source !== undefined && template === undefined) {
    const definition = {
      engine: body.engine ?? "chromium",
      source,
      schema: body.schema ?? {},
      options: body.options ?? {},
    };
    return { definition };
  }
  const message =
    template === undefined
      ? "Give `template` (a stored version) or `source` (an unsaved definition)."
      : "Give `template` or `source`, not both.";
  throw new ServiceError("invalid_request", message, {
    errors: [
      {
        path: template === undefined ? "source" : "template",
        message,
        expected: "exactly one of template and source",
        received: template === undefined ? "missing" : "both",
      },
    ],
  });
}

/** The preview a body asks for, as the domain takes it. */
export function previewRequest(body: z.infer<typeof PreviewBody>, receivedAt: Date): PreviewRequest {
  const subject = subjectOf(body);
  return {
    subject,
    data: body.data === undefined ? {} : body.data,
    format: body.format === "jpeg" ? "jpg" : body.format,
    // An unsaved definition's options are its defaults: the request's own options would be the same ones again.
    options: "definition" in subject ? undefined : body.options,
    receivedAt,
  };
}
