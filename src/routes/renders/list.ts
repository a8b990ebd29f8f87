import { createRoute, z } from "@hono/zod-openapi";
import { RenderListSchema } from "../../contract/renders";
import { listRenders } from "../../domain/renders/list-renders";
import { serializeRender } from "../../domain/renders/serialize-render";
import { errorResponses } from "../../errors";
import { API_KEY_SECURITY, endpoint } from "../../lib/endpoint";
import { jsonContent, pageQuery } from "../schemas";

const ListQuery = z.strictObject({
  ...pageQuery("render"),
  batch_id: z
    .string()
    .optional()
    .openapi({ param: { name: "batch_id", in: "query" } }),
  status: z
    .enum(["queued", "succeeded", "failed"])
    .optional()
    .openapi({ param: { name: "status", in: "query" } }),
});

const route = createRoute({
  method: "get",
  path: "/v1/renders",
  operationId: "listRenders",
  tags: ["Renders"],
  summary: "List renders, newest first",
  security: API_KEY_SECURITY,
  request: { query: ListQuery },
  responses: {
    200: jsonContent(RenderListSchema, "A page of renders."),
    ...errorResponses("invalid_request", "authentication_error"),
  },
});

export const listRendersEndpoint = endpoint(route, async (c) => {
  const { limit, starting_after: startingAfter, batch_id: batchId, status } = c.req.valid("query");
  const page = await listRenders(c.var.services.db, c.get("account").id, { limit, startingAfter, batchId, status });
  const sign = c.var.services.signer();
  return c.json({
    object: "list" as const,
    data: await Promise.all(page.data.map((r) => serializeRender(r, sign))),
    has_more: page.hasMore,
  });
});
