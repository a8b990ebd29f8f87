import { createRoute } from "@hono/zod-openapi";
import { RenderSchema } from "../../contract/renders";
import { getRender } from "../../domain/renders/list-renders";
import { serializeRender } from "../../domain/renders/serialize-render";
import { errorResponses } from "../../errors";
import { API_KEY_SECURITY, endpoint } from "../../lib/endpoint";
import { jsonContent } from "../schemas";
import { RenderIdParam } from "./params";

const route = createRoute({
  method: "get",
  path: "/v1/renders/{id}",
  operationId: "getRender",
  tags: ["Renders"],
  summary: "Get a render with a freshly signed URL (free)",
  description: "A failed render answers 200 with `status: failed` and the error envelope in `error`.",
  security: API_KEY_SECURITY,
  request: { params: RenderIdParam },
  responses: {
    200: jsonContent(RenderSchema, "The render."),
    ...errorResponses("invalid_request", "authentication_error", "not_found"),
  },
});

export const getRenderEndpoint = endpoint(route, async (c) => {
  const { id } = c.req.valid("param");
  return c.json(
    await serializeRender(await getRender(c.var.services, c.get("account").id, id), c.var.services.signer()),
    200,
  );
});
