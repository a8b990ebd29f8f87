import { createRoute } from "@hono/zod-openapi";
import { NameParam } from "../../contract/template-name";
import { TemplateVersionListSchema } from "../../contract/templates";
import { listVersions } from "../../domain/templates/list-templates";
import { serializeVersion } from "../../domain/templates/serialize-template";
import { errorResponses } from "../../errors";
import { API_KEY_SECURITY, endpoint } from "../../lib/endpoint";
import { jsonContent } from "../schemas";

const route = createRoute({
  method: "get",
  path: "/v1/templates/{name}/versions",
  operationId: "listTemplateVersions",
  tags: ["Templates"],
  summary: "List a template's versions, newest first (metadata only)",
  security: API_KEY_SECURITY,
  request: { params: NameParam },
  responses: {
    200: jsonContent(TemplateVersionListSchema, "Every version, newest first."),
    ...errorResponses("invalid_request", "authentication_error", "not_found"),
  },
});

export const listVersionsEndpoint = endpoint(route, async (c) => {
  const { template, versions } = await listVersions(c.var.services.db, c.get("account").id, c.req.valid("param").name);
  return c.json({ object: "list" as const, data: versions.map((version) => serializeVersion(template, version)) });
});
