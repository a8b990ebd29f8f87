import { createRoute, z } from "@hono/zod-openapi";
import { PreviewBody } from "../../contract/previews";
import { FREE_PREVIEWS_PER_DAY, PREVIEWS_PER_MINUTE } from "../../domain/accounts/admission";
import { createPreview, MAX_PREVIEW_PAGES } from "../../domain/previews/create-preview";
import { previewRequest } from "../../domain/previews/parse-request";
import type { TemplateWarning } from "../../domain/templates/template-warnings";
import { errorResponses } from "../../errors";
import { API_KEY_SECURITY, endpoint } from "../../lib/endpoint";
import { RenderTimings } from "../../lib/render-timings";
import { rateHeaders } from "../rate-headers";
import { fileContent, jsonBodyOf } from "../schemas";

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
    `Previews have their own window of ${PREVIEWS_PER_MINUTE} a minute per API key, and a free or trial account ` +
    `${FREE_PREVIEWS_PER_DAY} a day (429 \`rate_limited\`, \`details.limit_name\` naming the window). A PDF ` +
    `preview prints at most ${MAX_PREVIEW_PAGES} pages: a longer document's preview is its first ${MAX_PREVIEW_PAGES}.`,
  security: API_KEY_SECURITY,
  request: { body: jsonBodyOf(PreviewBody) },
  responses: {
    200: {
      ...fileContent(
        "The file. `X-Service-Page-Count` gives its pages; `X-Service-Warnings` (when present) is base64url JSON " +
          "of the template's warnings, at most 8 KB (`X-Service-Warnings-Truncated: true` when some were left out); " +
          "`X-Service-Preview-Truncated: true` when the document has more pages than were printed; " +
          "`X-Service-E-Invoice-Rules` (an e-invoice's preview) is base64url JSON of `{rules, rules_not_applied}`: " +
          "the rule sets that checked the XML, and those that did not run (its violations say nothing of them).",
      ),
      headers: z.object({
        "X-Service-Page-Count": z.string(),
        "X-Service-Warnings": z.string().optional(),
        "X-Service-Warnings-Truncated": z.string().optional(),
        "X-Service-Preview-Truncated": z.string().optional(),
        "X-Service-E-Invoice-Rules": z.string().optional(),
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

export const createPreviewEndpoint = endpoint(route, async (c) => {
  const services = c.var.services;
  const receivedAt = services.clock.now();
  const timings = new RenderTimings();
  c.set("timings", timings);
  const preview = await createPreview(
    { account: c.get("account"), apiKeyId: c.get("apiKeyId") },
    previewRequest(c.req.valid("json"), receivedAt),
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
  if (preview.eInvoiceRules) headers["x-service-e-invoice-rules"] = base64url(JSON.stringify(preview.eInvoiceRules));
  return new Response(preview.bytes, { status: 200, headers });
});
