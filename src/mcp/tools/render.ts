import { RenderRequestBody, RenderSchema } from "../../contract/renders";
import { createRender } from "../../domain/renders/create-render";
import { precheckRenderBody, toRenderRequest } from "../../domain/renders/parse-request";
import { serializeRender } from "../../domain/renders/serialize-render";
import { anyJson, parseArguments, tool } from "../tool";

export const renderTool = tool({
  name: "render",
  title: "Render a document",
  description:
    "Render a template with data (POST /v1/render). Returns the render with its signed URL when it finishes " +
    "inline, or a queued render id to poll with get_render.",
  // Every call records a render and spends a rate unit (a repeat is a free cache hit, but still a new render);
  // assets in the template and webhook_url reach hosts outside Folio.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  input: {
    ...RenderRequestBody.shape,
    data: anyJson(
      "The data the template is rendered with, as JSON (usually an object, not a JSON-encoded string); " +
        "validated against the template's schema; {} when omitted.",
    ).optional(),
  },
  output: RenderSchema,
  run: async (args, caller, services) => {
    const receivedAt = services.clock.now();
    precheckRenderBody(args, services.config.production);
    const request = toRenderRequest(parseArguments(RenderRequestBody, args), receivedAt);
    const { render } = await createRender(caller, request, services);
    return serializeRender(render, services.signer());
  },
});
