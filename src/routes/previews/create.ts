import { createRoute, z } from "@hono/zod-openapi";
import { PREVIEWS_PER_MINUTE } from "../../domain/accounts/admission";
import { createPreview, MAX_PREVIEW_PAGES, type PreviewSubject } from "../../domain/previews/create-preview";
import { parseReference } from "../../domain/templates/reference";
import type { TemplateWarning } from "../../domain/templates/template-warnings";
import { errorResponses, ServiceError } from "../../errors";
import { API_KEY_SECURITY, endpoint } from "../../lib/endpoint";
import { RenderTimings } from "../../lib/render-timings";
import { rateHeaders } from "../rate-headers";
import { RenderRequestBody } from "../renders/schemas";
import { fileContent, jsonBodyOf } from "../schemas";
import { TemplateVersionBody } from "../templates/schemas";

const PreviewBody = z
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

const base64url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** A header holds at most this much of the warnings: proxies refuse larger headers, and 100 long warnings pass it. */
const MAX_WARNINGS_HEADER = 8 * 1024;

/** The warnings as headers: as many, from the first, as fit in MAX_WARNINGS_HEADER, and whether any were left out. */
function warningHeaders(warnings: TemplateWarning[], truncated: boolean): Record<string, string> {
  let kept = warnings;
  let value = base64url(JSON.stringify(kept));
  while (value.length > MAX_WARNINGS_HEADER) {
    kept = kept.slice(0, Math.max(0, Math.floor(kept.length * (MAX_WARNINGS_HEADER / value.length)) - 1));
    value = base64url(JSON.stringify(kept));
  }
  const cut = truncated || kept.length < warnings.length;
  return {
    ...(kept.length ? { "x-service-warnings": value } : {}),
    ...(cut ? { "x-service-warnings-truncated": "true" } : {}),
  };
}

const route = createRoute({
  method: "post",
  path: "/v1/previews",
  operationId: "createPreview",
  tags: ["Renders"],
  summary: "Preview a template: the file's bytes, watermarked, never stored or billed",
  description:
    "Renders through the same engines and egress policy as a render, with a diagonal PREVIEW watermark on every " +
    "page. Nothing is stored, cached, billed or listed. " +
    `Previews have their own window of ${PREVIEWS_PER_MINUTE} a minute per API key. ` +
    `A PDF preview prints at most ${MAX_PREVIEW_PAGES} pages.`,
  security: API_KEY_SECURITY,
  request: { body: jsonBodyOf(PreviewBody) },
  responses: {
    200: {
      ...fileContent(
        "The file. `X-Service-Page-Count` gives its pages; `X-Service-Warnings` (when present) is base64url JSON " +
          "of the template's warnings, at most 8 KB (`X-Service-Warnings-Truncated: true` when some were left out); " +
          "`X-Service-Preview-Truncated: true` when the document has more pages than were printed.",
      ),
      headers: z.object({
        "X-Service-Page-Count": z.string(),
        "X-Service-Warnings": z.string().optional(),
        "X-Service-Warnings-Truncated": z.string().optional(),
        "X-Service-Preview-Truncated": z.string().optional(),
      }),
    },
    ...errorResponses(
      "invalid_request",
      "asset_blocked",
      "authentication_error",
      "permission_error",
      "not_found",
      "validation_error",
      "rate_limited",
      "render_failed",
      "internal_error",
    ),
  },
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

export const createPreviewEndpoint = endpoint(route, async (c) => {
  const services = c.var.services;
  const receivedAt = services.clock.now();
  const body = c.req.valid("json");
  const subject = subjectOf(body);
  const timings = new RenderTimings();
  c.set("timings", timings);
  // An unsaved definition's options are its defaults: the request's own options would be the same ones again.
  const options = "definition" in subject ? undefined : body.options;
  const preview = await createPreview(
    { account: c.get("account"), apiKeyId: c.get("apiKeyId") },
    {
      subject,
      data: body.data === undefined ? {} : body.data,
      format: body.format === "jpeg" ? "jpg" : body.format,
      options,
      receivedAt,
    },
    { ...services, timings },
  );
  const headers: Record<string, string> = {
    ...rateHeaders(preview.rate),
    "content-type": preview.contentType,
    "cache-control": "no-store",
    "x-service-page-count": String(preview.pageCount),
  };
  if (preview.truncated) headers["x-service-preview-truncated"] = "true";
  Object.assign(headers, warningHeaders(preview.warnings, preview.warningsTruncated));
  return new Response(preview.bytes, { status: 200, headers });
});
