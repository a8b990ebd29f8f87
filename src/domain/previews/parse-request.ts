// POST /v1/previews' body and the preview_template tool's arguments (one schema, src/contract/previews.ts), as the
// domain takes them.
import type { PreviewBody } from "../../contract/previews";
import { ServiceError } from "../../errors";
import type { z } from "../../lib/openapi-zod";
import { parseReference } from "../templates/reference";
import type { PreviewRequest, PreviewSubject } from "./create-preview";

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
