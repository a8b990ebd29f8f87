import { createRoute } from "@hono/zod-openapi";
import { database } from "../../db/client";
import { publishVersion } from "../../domain/templates/publish-version";
import { serializeTemplate } from "../../domain/templates/serialize-template";
import { errorResponses } from "../../errors";
import { API_KEY_SECURITY, endpoint, nowIso, readBody } from "../../lib/endpoint";
import { jsonBodyOf, jsonContent } from "../schemas";
import { nameParam } from "./params";
import { NameParam, TemplateSchema, TemplateVersionBody } from "./schemas";

const route = createRoute({
  method: "post",
  path: "/v1/templates/{name}/versions",
  operationId: "publishTemplateVersion",
  tags: ["Templates"],
  summary: "Publish a new version (name@N+1)",
  description: "Free; no limit on versions. `source` is required; other definition fields are inherited when omitted. Versions are immutable.",
  security: API_KEY_SECURITY,
  request: { params: NameParam, body: jsonBodyOf(TemplateVersionBody) },
  responses: {
    201: jsonContent(TemplateSchema, "The template at its new version."),
    ...errorResponses("invalid_request", "authentication_error", "not_found", "conflict"),
  },
});

export const publishVersionEndpoint = endpoint(route, async (c) => {
  const name = nameParam(c);
  const input = readBody(c, TemplateVersionBody);
  const { template, version } = await publishVersion(database(c.env.DB), c.get("account").id, name, input, nowIso());
  return c.json(serializeTemplate(template, version), 201);
});
