import { type Schema, Validator } from "@cfworker/json-schema";
import { type FieldError, ServiceError } from "../../errors";
import { formatPath } from "../../lib/field-errors";
import { fieldErrorsFromSchemaOutput } from "./schema-errors";
import { DRAFT_2020_12_KEYWORDS } from "./schema-metaschema";
import { resolveLocalRef } from "./schema-pointers";

const DRAFT_2020_12 = /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;
const keywordChecker = new Validator(DRAFT_2020_12_KEYWORDS, "2020-12", false);

function refProblems(schema: Record<string, unknown>): FieldError[] {
  const refs: Array<{ ref: string; at: Array<string | number> }> = [];
  const walk = (node: unknown, at: Array<string | number>) => {
    if (Array.isArray(node)) {
      for (const [i, child] of node.entries()) walk(child, [...at, i]);
      return;
    }
    if (!node || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if ((key === "$ref" || key === "$dynamicRef") && typeof value === "string")
        refs.push({ ref: value, at: [...at, key] });
      else if (key !== "enum" && key !== "const" && key !== "examples" && key !== "default") walk(value, [...at, key]);
    }
  };
  walk(schema, []);
  return refs.flatMap(({ ref, at }) => {
    const path = formatPath("schema", at);
    if (!ref.startsWith("#")) {
      return [
        {
          path,
          message: `\`${path}\` points outside the schema (${ref}); remote schemas are never fetched.`,
          expected: "a local reference such as #/$defs/name",
          received: ref,
        },
      ];
    }
    return resolveLocalRef(schema, ref) !== undefined
      ? []
      : [
          {
            path,
            message: `\`${path}\` points at ${ref}, which is not in the schema.`,
            expected: "a reference to a location in the schema",
            received: ref,
          },
        ];
  });
}

/**
 * Compiles a template's JSON Schema (draft 2020-12), or refuses it with field errors rooted at `schema`:
 * not an object, another draft, a keyword with a value of the wrong shape, a pattern that is not a regex,
 * or a `$ref` that resolves to nothing.
 */
export function compileSchema(schema: unknown): Validator {
  const fail = (errors: FieldError[]): never => {
    throw new ServiceError(
      "invalid_request",
      `The JSON Schema does not compile: ${errors[0]?.message ?? "invalid schema"}`,
      { errors },
    );
  };
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) {
    fail([
      {
        path: "schema",
        message: "`schema` must be a JSON Schema object (use {} to accept any data).",
        expected: "object",
        received: schema === null ? "null" : Array.isArray(schema) ? `array(${schema.length})` : typeof schema,
      },
    ]);
  }
  const object = schema as Record<string, unknown>;
  if ("$schema" in object && !(typeof object.$schema === "string" && DRAFT_2020_12.test(object.$schema))) {
    fail([
      {
        path: "schema.$schema",
        message: "Only JSON Schema draft 2020-12 is supported.",
        expected: "https://json-schema.org/draft/2020-12/schema",
        received: String(object.$schema),
      },
    ]);
  }
  const shape = keywordChecker.validate(object);
  if (!shape.valid) fail(fieldErrorsFromSchemaOutput(shape.errors, DRAFT_2020_12_KEYWORDS, object, "schema"));
  const dangling = refProblems(object);
  if (dangling.length) fail(dangling);
  return new Validator(object as Schema, "2020-12", false);
}
