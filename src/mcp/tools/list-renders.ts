import { z } from "@hono/zod-openapi";
import { RenderListSchema, RenderSchema } from "../../contract/renders";
import { listRenders } from "../../domain/renders/list-renders";
import { serializeRender } from "../../domain/renders/serialize-render";
import { READS, tool } from "../tool";

export const listRendersTool = tool({
  name: "list_renders",
  title: "List renders",
  description: "List your renders, newest first (GET /v1/renders).",
  annotations: READS,
  input: {
    limit: z.int().min(1).max(100).optional().describe("How many renders to list, 1 to 100; 25 when omitted."),
    status: RenderSchema.shape.status.optional().describe("Only the renders in this state; all when omitted."),
  },
  output: RenderListSchema,
  run: async ({ limit, status }, caller, { db, signer }) => {
    const page = await listRenders(db, caller.account.id, { limit: limit ?? 25, status });
    return {
      object: "list" as const,
      data: await Promise.all(page.data.map((r) => serializeRender(r, signer()))),
      has_more: page.hasMore,
    };
  },
});
