import { createRoute } from "@hono/zod-openapi";
import { TemplateListSchema } from "../../contract/templates";
import { listTemplates } from "../../domain/templates/list-templates";
import { serializeTemplate } from "../../domain/templates/serialize-template";
import { errorResponses } from "../../errors";
import { API_KEY_SECURITY, endpoint } from "../../lib/endpoint";
import { jsonContent } from "../schemas";

const route = createRoute({
  method: "get",
  path: "/v1/templates",
  operationId: "listTemplates",
  tags: ["Templates"],
  summary: "List live templates, most recently updated first",
  security: API_KEY_SECURITY,
  responses: {
    200: jsonContent(TemplateListSchema, "Live templates, each at its latest version."),
    ...errorResponses("authentication_error"),
  },
});

export const listTemplatesEndpoint = endpoint(route, async (c) => {
  const rows = await listTemplates(c.var.services.db, c.get("account").id);
  return c.json({
    object: "list" as const,
    data: rows.map(({ template, version }) => serializeTemplate(template, version)),
  });
});
