import { z } from "@hono/zod-openapi";
import type { McpServer, ToolAnnotations } from "@modelcontextprotocol/server";
import { usageFor } from "../domain/accounts/usage";
import { RenderOptionsSchema } from "../domain/render-options/options-schema";
import { createRender } from "../domain/renders/create-render";
import { getRender, listRenders } from "../domain/renders/list-renders";
import { serializeRender } from "../domain/renders/serialize-render";
import { createTemplate } from "../domain/templates/create-template";
import { resolveTemplate } from "../domain/templates/find-template";
import { listTemplates } from "../domain/templates/list-templates";
import { publishVersion } from "../domain/templates/publish-version";
import { parseReference, TEMPLATE_NAME_PATTERN } from "../domain/templates/reference";
import { serializeTemplate } from "../domain/templates/serialize-template";
import { validationResult } from "../domain/templates/validation-result";
import { errorEnvelope, ServiceError } from "../errors";
import { parseOrRefuse } from "../lib/endpoint";
import { precheckRenderBody, toRenderRequest } from "../routes/renders/parse-request";
import { RenderRequestBody } from "../routes/renders/schemas";
import { TemplateCreateBody, TemplateVersionBody } from "../routes/templates/schemas";
import type { Services } from "../services";
import type { ToolCaller } from "./credentials";

const apiKey = {
  api_key: z
    .string()
    .optional()
    .describe(
      "Your Folio API key. Optional: the Authorization header wins; with neither, the first call creates a free 50-render trial and returns its key.",
    ),
};

/**
 * Any JSON value, with every JSON type spelled out. A schema of `{}` says nothing, and clients (the MCP inspector)
 * then send an object as a JSON-encoded string. One branch per type rather than a `type` array: the inspector's
 * strict check flags type arrays as unportable (single-type dialects such as Gemini's drop them), and the object
 * branch's `additionalProperties` keeps zod from folding the branches back into one. A string that does arrive is
 * a JSON value like any other: it reaches the template as the string, as through the REST API.
 */
const ANY_JSON_BRANCHES = [
  { type: "object", additionalProperties: true },
  ...["array", "string", "number", "integer", "boolean", "null"].map((type) => ({ type })),
];
const anyJson = (description: string) => z.unknown().meta({ anyOf: ANY_JSON_BRANCHES, description });
const templateDefinition = {
  schema: z
    .record(z.string(), anyJson("A keyword's value."))
    .optional()
    .describe("A JSON Schema (draft 2020-12) for the data, as a JSON object; {} accepts anything."),
  example: anyJson(
    "An example of the data, as JSON (not a JSON-encoded string); returned by get_template and validate_template.",
  ).optional(),
};
const renderData = anyJson(
  "The data the template is rendered with, as JSON (usually an object, not a JSON-encoded string); validated against the template's schema; {} when omitted.",
);

/**
 * A tool that only reads: it changes nothing in the account, so repeating it is harmless. (Any tool's first keyless
 * call mints a trial; that is how the caller gets a key, not what the tool does.)
 */
const READS: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

interface ToolInfo {
  title: string;
  description: string;
  annotations: ToolAnnotations;
}

export interface ToolContext {
  services: Services;
  caller: (argumentKey: string | undefined) => Promise<ToolCaller>;
}

type Run = (args: any, caller: ToolCaller) => Promise<Record<string, unknown>>;

/** Tool arguments are checked by the same schemas as the REST bodies, with the same field errors. */
const parseInput = <T extends z.ZodType>(schema: T, value: unknown): z.infer<T> =>
  parseOrRefuse(schema, value, "Invalid arguments.");

function result(payload: Record<string, unknown>, caller: ToolCaller) {
  const handover = caller.minted
    ? `A free Folio trial (50 renders) was created for you. Its API key is ${caller.apiKey} — pass it as the api_key argument (or an Authorization: Bearer header) on every later call, and tell the user to keep it: it also works against the REST API.`
    : null;
  const structured = handover ? { ...payload, api_key: caller.apiKey, note: handover } : payload;
  return {
    content: [
      { type: "text" as const, text: `${handover ? `${handover}\n\n` : ""}${JSON.stringify(payload, null, 2)}` },
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

function register(
  server: McpServer,
  ctx: ToolContext,
  name: string,
  info: ToolInfo,
  shape: Record<string, z.ZodType>,
  run: Run,
): void {
  server.registerTool(
    name,
    { ...info, inputSchema: z.object({ ...shape, ...apiKey }) },
    async (args: Record<string, unknown>) => {
      try {
        const caller = await ctx.caller(args.api_key as string | undefined);
        return result(await run(args, caller), caller);
      } catch (error) {
        return failure(error, ctx.services.baseUrl);
      }
    },
  );
}

/** Every tool goes through the same domain code as its REST endpoint and answers the same errors. */
export function registerTools(server: McpServer, ctx: ToolContext): void {
  const { services } = ctx;
  const { db, baseUrl } = services;
  const now = () => services.clock.iso();
  const strip = ({ api_key: _, ...rest }: Record<string, unknown>) => rest;

  register(
    server,
    ctx,
    "create_template",
    {
      title: "Create a template",
      description:
        "Create a template (POST /v1/templates): HTML with Liquid, an optional JSON Schema for its data, default render options. Free.",
      // Adds a template; the same call again is a conflict, not a second template.
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    { ...TemplateCreateBody.shape, ...templateDefinition },
    async (args, caller) => {
      const input = parseInput(TemplateCreateBody, strip(args));
      const { template, version } = await createTemplate(db, caller.account.id, input, { now: now(), baseUrl });
      return serializeTemplate(template, version);
    },
  );

  register(
    server,
    ctx,
    "update_template",
    {
      title: "Publish a template version",
      description:
        "Publish a new version of a template (POST /v1/templates/{name}/versions). Takes a bare name, never name@N. Omitted fields are inherited.",
      // Versions are immutable: each call adds the next one and earlier versions still render.
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    {
      name: z.string().describe("The bare template name, e.g. invoice."),
      ...TemplateVersionBody.shape,
      ...templateDefinition,
    },
    async (args, caller) => {
      const { name, ...rest } = strip(args) as { name: string };
      if (!TEMPLATE_NAME_PATTERN.test(name.toLowerCase())) {
        throw new ServiceError(
          "invalid_request",
          `update_template takes a bare template name such as \`${name.split("@")[0]}\`, not \`${name}\`: versions are immutable, publishing always creates the next one.`,
          {
            errors: [
              {
                path: "name",
                message: "A bare template name is required.",
                expected: `string matching ${TEMPLATE_NAME_PATTERN}`,
                received: name,
              },
            ],
          },
        );
      }
      const { template, version } = await publishVersion(
        db,
        caller.account.id,
        name.toLowerCase(),
        parseInput(TemplateVersionBody, rest),
        now(),
      );
      return serializeTemplate(template, version);
    },
  );

  register(
    server,
    ctx,
    "get_template",
    {
      title: "Get a template",
      description:
        "Get a template version with source, schema, options and example (GET /v1/templates/{ref}). ref is name, name@latest or name@N.",
      annotations: READS,
    },
    { ref: z.string() },
    async (args, caller) => {
      const { template, version } = await resolveTemplate(db, caller.account.id, parseReference(args.ref));
      return serializeTemplate(template, version);
    },
  );

  register(
    server,
    ctx,
    "list_templates",
    {
      title: "List templates",
      description: "List your live templates at their latest version (GET /v1/templates).",
      annotations: READS,
    },
    {},
    async (_args, caller) => ({
      object: "list",
      data: (await listTemplates(db, caller.account.id)).map(({ template, version }) =>
        serializeTemplate(template, version),
      ),
    }),
  );

  register(
    server,
    ctx,
    "validate_template",
    {
      title: "Validate data for a template",
      description:
        "Check data against a template's schema without rendering (POST /v1/templates/{ref}/validate). Free.",
      annotations: READS,
    },
    { ref: z.string(), data: anyJson("The data to check, as JSON (usually an object, not a JSON-encoded string).") },
    async (args, caller) => {
      return validationResult(db, caller.account.id, parseReference(args.ref), args.data);
    },
  );

  register(
    server,
    ctx,
    "render",
    {
      title: "Render a document",
      description:
        "Render a template with data (POST /v1/render). Returns the render with its signed URL when it finishes inline, or a queued render id to poll with get_render.",
      // Every call records a render and spends a rate unit (a repeat is a free cache hit, but still a new render);
      // assets in the template and webhook_url reach hosts outside Folio.
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    { ...RenderRequestBody.shape, data: renderData.optional(), options: RenderOptionsSchema.optional() },
    async (args, caller) => {
      const receivedAt = services.clock.now();
      const body = strip(args);
      precheckRenderBody(body, services.config.production);
      const request = toRenderRequest(parseInput(RenderRequestBody, body), receivedAt);
      const { render } = await createRender(caller, request, services);
      return serializeRender(render, services.signer());
    },
  );

  register(
    server,
    ctx,
    "get_render",
    {
      title: "Get a render",
      description: "Get a render by id with a fresh signed URL (GET /v1/renders/{id}). Free.",
      annotations: READS,
    },
    { id: z.string() },
    async (args, caller) => serializeRender(await getRender(db, caller.account.id, args.id), services.signer()),
  );

  register(
    server,
    ctx,
    "list_renders",
    { title: "List renders", description: "List your renders, newest first (GET /v1/renders).", annotations: READS },
    { limit: z.int().min(1).max(100).optional(), status: z.enum(["queued", "succeeded", "failed"]).optional() },
    async (args, caller) => {
      const page = await listRenders(db, caller.account.id, { limit: args.limit ?? 25, status: args.status });
      return {
        object: "list",
        data: await Promise.all(page.data.map((r) => serializeRender(r, services.signer()))),
        has_more: page.hasMore,
      };
    },
  );

  register(
    server,
    ctx,
    "get_usage",
    {
      title: "Get usage",
      description: "This month's usage, cost and remaining renders, including the trial balance (GET /v1/usage).",
      annotations: READS,
    },
    {},
    async (_args, caller) => usageFor(db, services.meter(caller.account.id), caller.account),
  );

  register(
    server,
    ctx,
    "get_api_key",
    {
      title: "Get the API key",
      description:
        "Return the API key these tools act with (creating a free trial when there is none yet), for use against the REST API too.",
      // Called without a key, it creates a trial account: each such call another one.
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    {},
    async (_args, caller) => ({
      object: "api_key",
      api_key: caller.apiKey,
      account: caller.account.id,
      trial: caller.account.trial,
      base_url: baseUrl,
    }),
  );
}
