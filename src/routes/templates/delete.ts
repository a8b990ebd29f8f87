import { createRoute } from "@hono/zod-openapi";
import { DeletedTemplateSchema } from "../../contract/templates";
import { deleteTemplate } from "../../domain/templates/delete-template";
import { errorResponses } from "../../errors";
import { API_KEY_SECURITY, endpoint } from "../../lib/endpoint";
import { jsonContent } from "../schemas";
import { RefParam } from "./params";

const route = createRoute({
  method: "delete",
  path: "/v1/templates/{ref}",
  operationId: "deleteTemplate",
  tags: ["Templates"],
  summary: "Delete a template (every version); its name is released",
  description:
    "Soft delete: past renders and their files stay, version rows and checksums are kept, and rendering any " +
    "of its references answers 404.",
  security: API_KEY_SECURITY,
  request: { params: RefParam },
  responses: {
    200: jsonContent(DeletedTemplateSchema, "The template is deleted."),
    ...errorResponses("invalid_request", "authentication_error", "not_found"),
  },
});

export const deleteTemplateEndpoint = endpoint(route, async (c) => {
  const template = await deleteTemplate(
    c.var.services.db,
    c.get("account").id,
    c.req.valid("param").ref,
    c.var.services.clock.iso(),
  );
  return c.json({ object: "template" as const, id: template.id, name: template.name, deleted: true as const });
});
