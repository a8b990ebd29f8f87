import { z } from "@hono/zod-openapi";
import type { McpServer } from "@modelcontextprotocol/server";
import { database } from "../db/client";
import { admitRenders } from "../domain/accounts/admission";
import { usageFor } from "../domain/accounts/usage";
import { RenderOptionsSchema } from "../domain/render-options/options-schema";
import { createRender } from "../domain/renders/create-render";
import { getRender, listRenders } from "../domain/renders/list-renders";
import { serializeRender } from "../domain/renders/serialize-render";
import { createTemplate } from "../domain/templates/create-template";
import { resolveTemplate } from "../domain/templates/find-template";
import { listTemplates } from "../domain/templates/list-templates";
import { publishVersion } from "../domain/templates/publish-version";
import { formatReference, parseReference, TEMPLATE_NAME_PATTERN } from "../domain/templates/reference";
import { parseExample, serializeTemplate } from "../domain/templates/serialize-template";
import { validateTemplateData } from "../domain/templates/validate-data";
import type { Env } from "../env";
import { errorEnvelope, ServiceError } from "../errors";
import { config } from "../lib/config";
import { parseOrRefuse } from "../lib/endpoint";
import { meterFor } from "../lib/render-deps";
import { createRenderDeps, rateLimiterFor, signer } from "../routes/renders/request-context";
import { precheckRenderBody, toRenderRequest } from "../routes/renders/parse-request";
import { RenderRequestBody } from "../routes/renders/schemas";
import { TemplateCreateBody, TemplateVersionBody } from "../routes/templates/schemas";
import type { ToolCaller } from "./credentials";

const apiKey = { api_key: z.string().optional().describe("Your Folio API key. Optional: the Authorization header wins; with neither, the first call creates a free 50-render trial and returns its key.") };

export interface ToolContext {
  env: Env;
  caller: (argumentKey: string | undefined) => Promise<ToolCaller>;
}

type Run = (args: any, caller: ToolCaller) => Promise<Record<string, unknown>>;

/** Tool arguments are checked by the same schemas as the REST bodies, with the same field errors. */
const parseInput = <T extends z.ZodType>(schema: T, value: unknown): z.infer<T> => parseOrRefuse(schema, value, "Invalid arguments.");

function result(payload: Record<string, unknown>, caller: ToolCaller) {
  const handover = caller.minted
    ? `A free Folio trial (50 renders) was created for you. Its API key is ${caller.apiKey} — pass it as the api_key argument (or an Authorization: Bearer header) on every later call, and tell the user to keep it: it also works against the REST API.`
    : null;
  const structured = handover ? { ...payload, api_key: caller.apiKey, note: handover } : payload;
  return { content: [{ type: "text" as const, text: `${handover ? `${handover}\n\n` : ""}${JSON.stringify(payload, null, 2)}` }], structuredContent: structured };
}

function failure(error: unknown, baseUrl: string) {
  const service = error instanceof ServiceError ? error : new ServiceError("internal_error", "Something went wrong on our side.");
  const envelope = errorEnvelope(baseUrl, service);
  return { isError: true, content: [{ type: "text" as const, text: `${service.type}: ${service.message}` }], structuredContent: envelope };
}

function register(server: McpServer, ctx: ToolContext, name: string, description: string, shape: Record<string, z.ZodType>, run: Run): void {
  server.registerTool(name, { description, inputSchema: z.object({ ...shape, ...apiKey }) }, async (args: Record<string, unknown>) => {
    try {
      const caller = await ctx.caller(args.api_key as string | undefined);
      return result(await run(args, caller), caller);
    } catch (error) {
      return failure(error, config(ctx.env).baseUrl);
    }
  });
}

/** Every tool goes through the same domain code as its REST endpoint and answers the same errors. */
export function registerTools(server: McpServer, ctx: ToolContext): void {
  const { env } = ctx;
  const db = database(env.DB);
  const now = () => new Date().toISOString();
  const baseUrl = config(env).baseUrl;
  const strip = ({ api_key: _, ...rest }: Record<string, unknown>) => rest;

  register(server, ctx, "create_template", "Create a template (POST /v1/templates): HTML with Liquid, an optional JSON Schema for its data, default render options. Free.", TemplateCreateBody.shape, async (args, caller) => {
    const input = parseInput(TemplateCreateBody, strip(args));
    const { template, version } = await createTemplate(db, caller.account.id, input, { now: now(), baseUrl });
    return serializeTemplate(template, version);
  });

  register(server, ctx, "update_template", "Publish a new version of a template (POST /v1/templates/{name}/versions). Takes a bare name, never name@N. Omitted fields are inherited.", { name: z.string().describe("The bare template name, e.g. invoice."), ...TemplateVersionBody.shape }, async (args, caller) => {
    const { name, ...rest } = strip(args) as { name: string };
    if (!TEMPLATE_NAME_PATTERN.test(name.toLowerCase())) {
      throw new ServiceError("invalid_request", `update_template takes a bare template name such as \`${name.split("@")[0]}\`, not \`${name}\`: versions are immutable, publishing always creates the next one.`, {
        errors: [{ path: "name", message: "A bare template name is required.", expected: `string matching ${TEMPLATE_NAME_PATTERN}`, received: name }],
      });
    }
    const { template, version } = await publishVersion(db, caller.account.id, name.toLowerCase(), parseInput(TemplateVersionBody, rest), now());
    return serializeTemplate(template, version);
  });

  register(server, ctx, "get_template", "Get a template version with source, schema, options and example (GET /v1/templates/{ref}). ref is name, name@latest or name@N.", { ref: z.string() }, async (args, caller) => {
    const { template, version } = await resolveTemplate(db, caller.account.id, parseReference(args.ref));
    return serializeTemplate(template, version);
  });

  register(server, ctx, "list_templates", "List your live templates at their latest version (GET /v1/templates).", {}, async (_args, caller) => ({
    object: "list",
    data: (await listTemplates(db, caller.account.id)).map(({ template, version }) => serializeTemplate(template, version)),
  }));

  register(server, ctx, "validate_template", "Check data against a template's schema without rendering (POST /v1/templates/{ref}/validate). Free.", { ref: z.string(), data: z.unknown() }, async (args, caller) => {
    const { template, version } = await resolveTemplate(db, caller.account.id, parseReference(args.ref));
    const errors = validateTemplateData(version, args.data);
    return { object: "validation", template: formatReference(template.name, version.version), valid: errors.length === 0, errors, example: parseExample(version) };
  });

  register(server, ctx, "render", "Render a template with data (POST /v1/render). Returns the render with its signed URL when it finishes inline, or a queued render id to poll with get_render.", { ...RenderRequestBody.shape, options: RenderOptionsSchema.optional() }, async (args, caller) => {
    const body = strip(args);
    precheckRenderBody(body, config(env).production);
    await admitRenders(caller.account, rateLimiterFor(env, caller.apiKeyId), 1);
    const { render } = await createRender(caller.account, caller.apiKeyId, toRenderRequest(parseInput(RenderRequestBody, body)), createRenderDeps(env));
    return serializeRender(render, signer(env));
  });

  register(server, ctx, "get_render", "Get a render by id with a fresh signed URL (GET /v1/renders/{id}). Free.", { id: z.string() }, async (args, caller) => serializeRender(await getRender(db, caller.account.id, args.id), signer(env)));

  register(server, ctx, "list_renders", "List your renders, newest first (GET /v1/renders).", { limit: z.int().min(1).max(100).optional(), status: z.enum(["queued", "succeeded", "failed"]).optional() }, async (args, caller) => {
    const page = await listRenders(db, caller.account.id, { limit: args.limit ?? 25, status: args.status });
    return { object: "list", data: await Promise.all(page.data.map((r) => serializeRender(r, signer(env)))), has_more: page.hasMore };
  });

  register(server, ctx, "get_usage", "This month's usage, cost and remaining renders, including the trial balance (GET /v1/usage).", {}, async (_args, caller) => usageFor(db, meterFor(env, caller.account.id), caller.account));

  register(server, ctx, "get_api_key", "Return the API key these tools act with (creating a free trial when there is none yet), for use against the REST API too.", {}, async (_args, caller) => ({
    object: "api_key",
    api_key: caller.apiKey,
    account: caller.account.id,
    trial: caller.account.trial,
    base_url: baseUrl,
  }));
}
