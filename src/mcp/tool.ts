import { getOpenApiMetadata } from "@asteasolutions/zod-to-openapi";
import { z } from "@hono/zod-openapi";
import type { ToolAnnotations } from "@modelcontextprotocol/server";
import { parseOrRefuse } from "../lib/endpoint";
import type { Services } from "../services";
import type { ToolCaller } from "./credentials";

/** What every tool runs with besides its caller: the request's services, as a REST route has them. */
export type ToolDeps = Services;

/**
 * An agent tool: its arguments (`input`, the REST body's fields where it has a REST twin) and its answer
 * (`output`, the REST response schema of that twin), so the agent and the API speak one contract.
 */
/** Every answer is a JSON object: MCP's structured content is one. */
type Answer = z.ZodType<Record<string, unknown>>;

/** A file shown to the agent beside the answer: an image it can look at, or another file as an embedded resource. */
export interface ToolFile {
  bytes: Uint8Array;
  contentType: string;
}

/** An answer with the file it describes (a preview's image), for the one tool whose answer is a picture. */
export class WithFile<A> {
  constructor(
    readonly answer: A,
    readonly file: ToolFile,
  ) {}
}

export interface ToolDefinition<I extends z.ZodRawShape, O extends Answer> {
  name: string;
  title: string;
  description: string;
  annotations: ToolAnnotations;
  input: I;
  output: O;
  run: (
    args: z.infer<z.ZodObject<I>>,
    caller: ToolCaller,
    deps: ToolDeps,
  ) => Promise<z.infer<O> | WithFile<z.infer<O>>>;
}

/** A tool as the server registers it: its arguments already checked against `input` when `run` sees them. */
export interface Tool {
  name: string;
  info: { title: string; description: string; annotations: ToolAnnotations };
  input: z.ZodRawShape;
  output: Answer;
  run: (
    args: Record<string, unknown>,
    caller: ToolCaller,
    deps: ToolDeps,
  ) => Promise<{ answer: Record<string, unknown>; file?: ToolFile }>;
}

/**
 * The arguments as the agent sees them, each with its description: a field shared with a REST body keeps the
 * documentation it has there (`.openapi({ description })`, which JSON Schema for the agent would otherwise drop).
 */
function describedArguments(input: z.ZodRawShape): z.ZodRawShape {
  return Object.fromEntries(
    Object.entries(input).map(([name, schema]) => {
      if (!(schema instanceof z.ZodType) || schema.description) return [name, schema];
      const documented = getOpenApiMetadata(schema).description;
      return [name, documented ? schema.describe(documented) : schema];
    }),
  );
}

export function tool<I extends z.ZodRawShape, O extends Answer>(definition: ToolDefinition<I, O>): Tool {
  const { name, title, description, annotations, input, output, run } = definition;
  const args = z.object(input);
  // The server has checked the arguments against this shape (and `api_key`); parsing again types them and
  // leaves `api_key` out.
  return {
    name,
    info: { title, description, annotations },
    input: describedArguments(input),
    output,
    run: async (raw, caller, deps) => {
      const answered = await run(args.parse(raw), caller, deps);
      return answered instanceof WithFile ? { answer: answered.answer, file: answered.file } : { answer: answered };
    },
  };
}

/** Arguments are checked by the same schemas as the REST bodies, with the same field errors. */
export const parseArguments = <T extends z.ZodType>(schema: T, value: unknown): z.infer<T> =>
  parseOrRefuse(schema, value, "Invalid arguments.");

/**
 * A tool that only reads: it changes nothing in the account, so repeating it is harmless. (Any tool's first keyless
 * call mints a trial; that is how the caller gets a key, not what the tool does.)
 */
export const READS: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
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
export const anyJson = (description: string) => z.unknown().meta({ anyOf: ANY_JSON_BRANCHES, description });

/** A template reference as the tools that read one take it. */
export const templateRef = z
  .string()
  .describe("The template: name (its latest version), name@latest or name@N (that version), e.g. invoice@3.");

/** A template's schema and example as the agent gives them: JSON values, each type spelled out. */
export const templateDefinition = {
  schema: z
    .record(z.string(), anyJson("A keyword's value."))
    .optional()
    .describe("A JSON Schema (draft 2020-12) for the data, as a JSON object; {} accepts anything."),
  example: anyJson(
    "An example of the data, as JSON (not a JSON-encoded string); returned by get_template and validate_template.",
  ).optional(),
};
