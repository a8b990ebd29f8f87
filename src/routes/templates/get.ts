import { createRoute } from "@hono/zod-openapi";
import { TemplateSchema } from "../../contract/templates";
import { resolveTemplate } from "../../domain/templates/find-template";
import { serializeTemplate } from "../../domain/templates/serialize-template";
import { errorResponses } from "../../errors";
import { API_KEY_SECURITY, endpoint } from "../../lib/endpoint";
import { jsonContent } from "../schemas";
import { RefParam } from "./params";

const route = createRoute({
  method: "get",
  path: "/v1/templates/{ref}",
  operationId: "getTemplate",
  tags: ["Templates"],
  summary: "Get a template version with its source, schema, options and example",
  security: API_KEY_SECURITY,
  request: { params: RefParam },
  responses: {
    200: jsonContent(TemplateSchema, "The resolved version."),
    ...errorResponses("invalid_request", "authentication_error", "not_found"),
  },
});

export const getTemplateEndpoint = endpoint(route, async (c) => {
  const { template, version } = await resolveTemplate(c.var.services.db, c.get("account").id, c.req.valid("param").ref);
  return c.json(serializeTemplate(template, version));
});
