import { createRoute } from "@hono/zod-openapi";
import { SavedTemplateSchema, TemplateCreateBody } from "../../contract/templates";
import { createTemplate } from "../../domain/templates/create-template";
import { callerEInvoiceChecker } from "../../domain/templates/e-invoice-warnings";
import { serializeTemplate } from "../../domain/templates/serialize-template";
import { errorResponses } from "../../errors";
import { API_KEY_SECURITY, endpoint } from "../../lib/endpoint";
import { IdempotencyHeader, jsonBodyOf, jsonContent } from "../schemas";

const route = createRoute({
  method: "post",
  path: "/v1/templates",
  operationId: "createTemplate",
  tags: ["Templates"],
  summary: "Create a template at version 1",
  description:
    "Free. The name is lowercased; source must parse as Liquid and schema must compile (draft 2020-12). " +
    "`warnings` lists what will fail at render time (unknown filters, Satori layout, an example the schema " +
    "refuses) or print the date of the request (clock reads); they never block. A template that makes an " +
    "e-invoice has its example's XML checked with the official rules, which counts as a preview (429 " +
    "`rate_limited` past the previews' windows).",
  security: API_KEY_SECURITY,
  request: { headers: IdempotencyHeader, body: jsonBodyOf(TemplateCreateBody) },
  responses: {
    201: jsonContent(SavedTemplateSchema, "The template at version 1."),
    ...errorResponses("invalid_request", "authentication_error", "conflict", "rate_limited"),
  },
});

export const createTemplateEndpoint = endpoint(route, async (c) => {
  const input = c.req.valid("json");
  const { template, version, ...warnings } = await createTemplate(c.var.services.db, c.get("account").id, input, {
    now: c.var.services.clock.iso(),
    baseUrl: c.var.services.config.baseUrl,
    checkEInvoice: callerEInvoiceChecker({ account: c.get("account"), apiKeyId: c.get("apiKeyId") }, c.var.services),
  });
  return c.json({ ...serializeTemplate(template, version), ...warnings }, 201);
});
