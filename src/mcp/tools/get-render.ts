import { z } from "@hono/zod-openapi";
import { RenderSchema } from "../../contract/renders";
import { getRender } from "../../domain/renders/list-renders";
import { serializeRender } from "../../domain/renders/serialize-render";
import { READS, tool } from "../tool";

export const getRenderTool = tool({
  name: "get_render",
  title: "Get a render",
  description: "Get a render by id with a fresh signed URL (GET /v1/renders/{id}). Free.",
  annotations: READS,
  input: { id: z.string().describe("The render's id (rnd_…), as render or list_renders answered it.") },
  output: RenderSchema,
  run: async ({ id }, caller, deps) => serializeRender(await getRender(deps, caller.account.id, id), deps.signer()),
});
