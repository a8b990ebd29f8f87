import { createRoute } from "@hono/zod-openapi";
import { ValidateBody, ValidationResultSchema } from "../../contract/templates";
import { validationResult } from "../../domain/templates/validation-result";
import { errorResponses, ServiceError } from "../../errors";
import { API_KEY_SECURITY, endpoint } from "../../lib/endpoint";
import { jsonBodyOf, jsonContent } from "../schemas";
import { RefParam } from "./params";

const route = createRoute({
  method: "post",
  path: "/v1/templates/{ref}/validate",
  operationId: "validateTemplateData",
  tags: ["Templates"],
  summary: "Check data against a template's schema without rendering",
  description:
    "Free; renders nothing, and counts as a preview (the previews' windows). Returns the same field errors " +
    "POST /v1/render would, the template's example " +
    "payload, and the version's warnings (what will fail, or print the date of the request, at render time " +
    "whatever the data).",
  security: API_KEY_SECURITY,
  request: { params: RefParam, body: jsonBodyOf(ValidateBody) },
  responses: {
    200: jsonContent(ValidationResultSchema, "The validation result."),
    ...errorResponses("invalid_request", "authentication_error", "not_found", "rate_limited"),
  },
});

export const validateTemplateEndpoint = endpoint(route, async (c) => {
  const { ref } = c.req.valid("param");
  const body = c.req.valid("json");
  if (!("data" in body)) {
    throw new ServiceError("invalid_request", '`data` is required: send the payload to check as `{"data": ...}`.', {
      errors: [{ path: "data", message: "`data` is required.", expected: "any JSON value", received: "missing" }],
    });
  }
  const caller = { account: c.get("account"), apiKeyId: c.get("apiKeyId") };
  return c.json(await validationResult(caller, ref, body.data, c.var.services));
});
