import { binaryString } from "@folio/render-page/pdf-structure";
import { z } from "@hono/zod-openapi";
import type { McpServer } from "@modelcontextprotocol/server";
import { errorEnvelope, ServiceError } from "../errors";
import type { Services } from "../services";
import type { ToolCaller } from "./credentials";
import type { Tool, ToolDeps, ToolFile } from "./tool";
import { tools } from "./tools";

export const apiKey = {
  api_key: z
    .string()
    .optional()
    .describe(
      "Your Folio API key. Optional: the Authorization header wins; with neither, the first call creates a " +
        "free trial (50 units: a PDF page or an image each) and returns its key.",
    ),
};

export interface ToolContext {
  services: Services;
  caller: (argumentKey: string | undefined) => Promise<ToolCaller>;
}

/** An image as MCP image content the agent can look at; any other file as an embedded resource. */
function fileContent({ bytes, contentType }: ToolFile) {
  const data = btoa(binaryString(bytes));
  return contentType.startsWith("image/")
    ? { type: "image" as const, data, mimeType: contentType }
    : { type: "resource" as const, resource: { uri: "folio://preview", mimeType: contentType, blob: data } };
}

function result({ answer, file }: { answer: Record<string, unknown>; file?: ToolFile }, caller: ToolCaller) {
  const handover = caller.minted
    ? `A free Folio trial (50 units: a PDF page or an image each) was created for you. Its API key is ${caller.apiKey} — pass it as the ` +
      `api_key argument (or an Authorization: Bearer header) on every later call, and tell the user to keep it: ` +
      `it also works against the REST API.`
    : null;
  const structured = handover ? { ...answer, api_key: caller.apiKey, note: handover } : answer;
  return {
    content: [
      { type: "text" as const, text: `${handover ? `${handover}\n\n` : ""}${JSON.stringify(answer, null, 2)}` },
      ...(file ? [fileContent(file)] : []),
    ],
    structuredContent: structured,
  };
}

function failure(error: unknown, baseUrl: string) {
  const service =
    error instanceof ServiceError ? error : new ServiceError("internal_error", "Something went wrong on our side.");
  const envelope = errorEnvelope(baseUrl, service);
  return {
    isError: true,
    content: [{ type: "text" as const, text: `${service.type}: ${service.message}` }],
    structuredContent: envelope,
  };
}

function register(server: McpServer, ctx: ToolContext, deps: ToolDeps, { name, info, input, run }: Tool): void {
  server.registerTool(name, { ...info, inputSchema: z.object({ ...input, ...apiKey }) }, async (args) => {
    try {
      const caller = await ctx.caller(args.api_key);
      return result(await run(args, caller, deps), caller);
    } catch (error) {
      return failure(error, deps.baseUrl);
    }
  });
}

/** Every tool goes through the same domain code as its REST endpoint and answers the same errors. */
export function registerTools(server: McpServer, ctx: ToolContext): void {
  for (const tool of tools) register(server, ctx, ctx.services, tool);
}
