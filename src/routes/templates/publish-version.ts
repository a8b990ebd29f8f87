import { createRoute } from "@hono/zod-openapi";
import { NameParam } from "../../contract/template-name";
import { SavedTemplateSchema, TemplateVersionBody } from "../../contract/templates";
import { callerEInvoiceChecker } from "../../domain/templates/e-invoice-warnings";
import { parsePublishGuard } from "../../domain/templates/if-match";
import { publishVersion } from "../../domain/templates/publish-version";
import { serializeTemplate } from "../../domain/templates/serialize-template";
import { errorResponses } from "../../errors";
import { API_KEY_SECURITY, endpoint } from "../../lib/endpoint";
import { IdempotencyHeader, IfMatchHeader, jsonBodyOf, jsonContent } from "../schemas";

const route = createRoute({
  method: "post",
  path: "/v1/templates/{name}/versions",
  operationId: "publishTemplateVersion",
  tags: ["Templates"],
  summary: "Publish a new version (name@N+1)",
  description:
    "Free; no limit on versions. `source` is required; other definition fields are inherited when omitted. " +
    'Versions are immutable. `If-Match` with the latest version\'s checksum or number (`"v3"`) publishes only ' +
    "if no other version was published since (else 409 `version_moved`). `warnings` lists what will fail, or print the date of the request, at render " +
    "time; they never block. A version that makes an e-invoice has its example's XML checked with the official " +
    "rules, which counts as a preview (429 `rate_limited` past the previews' windows).",
  security: API_KEY_SECURITY,
  request: {
    headers: IdempotencyHeader.merge(IfMatchHeader),
    params: NameParam,
    body: jsonBodyOf(TemplateVersionBody),
  },
  responses: {
    201: jsonContent(SavedTemplateSchema, "The template at its new version."),
    ...errorResponses("invalid_request", "authentication_error", "not_found", "conflict", "rate_limited"),
  },
});

export const publishVersionEndpoint = endpoint(route, async (c) => {
  const { name } = c.req.valid("param");
  const input = c.req.valid("json");
  const guard = parsePublishGuard(c.req.header("if-match"));
  const { template, version, ...warnings } = await publishVersion(
    c.var.services.db,
    c.get("account").id,
    name,
    input,
    c.var.services.clock.iso(),
    callerEInvoiceChecker({ account: c.get("account"), apiKeyId: c.get("apiKeyId") }, c.var.services),
    guard,
  );
  return c.json({ ...serializeTemplate(template, version), ...warnings }, 201);
});
