import type { OutputUnit, Schema } from "@cfworker/json-schema";
import type { FieldError } from "../../errors";
import { dedupeFieldErrors, describeReceived, formatPath, receivedPhrase, valueAt } from "../../lib/field-errors";

/** Keywords that only say "something below failed": the failure below is the one worth reporting. */
const AGGREGATES = new Set(["properties", "patternProperties", "additionalProperties", "items", "prefixItems", "allOf", "$ref", "$dynamicRef", "dependentSchemas", "unevaluatedProperties", "unevaluatedItems", "if", "then", "else"]);
/** Keywords whose sub-failures are alternatives tried, not mistakes: the keyword itself is reported. */
const COMBINATORS = new Set(["anyOf", "oneOf", "not"]);

function pointerSegments(pointer: string): string[] {
  return pointer
    .replace(/^#\/?/, "")
    .split("/")
    .filter((s) => s !== "")
    .map((s) => decodeURIComponent(s.replace(/~1/g, "/").replace(/~0/g, "~")));
}

/** Instance pointer segments, with indices into arrays as numbers so paths print `items[0]`. */
function instanceSegments(root: unknown, pointer: string): Array<string | number> {
  const out: Array<string | number> = [];
  let current = root;
  for (const segment of pointerSegments(pointer)) {
    const key = Array.isArray(current) ? Number(segment) : segment;
    out.push(key);
    current = valueAt(current, [key]);
  }
  return out;
}

function expectation(keyword: string, schema: Record<string, unknown>): string {
  const value = schema[keyword];
  switch (keyword) {
    case "type": return Array.isArray(value) ? value.join(" or ") : String(value);
    case "minimum": return `number >= ${value}`;
    case "maximum": return `number <= ${value}`;
    case "exclusiveMinimum": return `number > ${value}`;
    case "exclusiveMaximum": return `number < ${value}`;
    case "multipleOf": return `multiple of ${value}`;
    case "minLength": return value === 1 ? "non-empty string" : `string of at least ${value} characters`;
    case "maxLength": return `string of at most ${value} characters`;
    case "pattern": return `string matching ${value}`;
    case "format": return `${value} string`;
    case "enum": return `one of ${(value as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
    case "const": return `exactly ${JSON.stringify(value)}`;
    case "minItems": return `array of at least ${value} items`;
    case "maxItems": return `array of at most ${value} items`;
    case "uniqueItems": return "array of unique items";
    case "minProperties": return `object with at least ${value} properties`;
    case "maxProperties": return `object with at most ${value} properties`;
    case "anyOf": case "oneOf": {
      const options = (value as Array<Record<string, unknown>>).map((s) => (s && typeof s === "object" && "type" in s ? String(s.type) : "a matching value"));
      return `${keyword === "oneOf" ? "exactly one" : "one"} of: ${options.join(" | ")}`;
    }
    case "not": return "a value the `not` schema rejects";
    case "false": return "no value here (the property is not allowed)";
    default: return `a value satisfying \`${keyword}\``;
  }
}

function exampleFor(schema: Record<string, unknown> | undefined, fallback: unknown): unknown {
  if (fallback !== undefined) return fallback;
  if (!schema) return undefined;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if ("default" in schema) return schema.default;
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  return undefined;
}

/**
 * Turns the validator's output units into field errors rooted at `root` (`data` or `schema`): one entry per
 * real mistake, with what was expected, what was received and, where one is known, an acceptable value.
 */
export function fieldErrorsFromSchemaOutput(units: OutputUnit[], schema: Schema | boolean, instance: unknown, root: string, example?: unknown): FieldError[] {
  const reportedCombinators = units.filter((u) => COMBINATORS.has(u.keyword)).map((u) => `${u.keywordLocation}/`);
  const collected: Array<FieldError & { rule: string }> = [];
  for (const unit of units) {
    if (AGGREGATES.has(unit.keyword)) continue;
    if (reportedCombinators.some((prefix) => unit.keywordLocation.startsWith(prefix))) continue;
    const keywordPath = pointerSegments(unit.keywordLocation);
    const owner = (unit.keyword === "false" ? undefined : valueAt(schema, keywordPath.slice(0, -1))) as Record<string, unknown> | undefined;
    let segments = instanceSegments(instance, unit.instanceLocation);
    let subschema = owner;
    let expected = owner ? expectation(unit.keyword, owner) : expectation("false", {});
    if (unit.keyword === "required") {
      const property = /property "(.*)"\.$/.exec(unit.error)?.[1] ?? "";
      segments = [...segments, property];
      subschema = (owner?.properties as Record<string, Record<string, unknown>> | undefined)?.[property];
      expected = subschema && "type" in subschema ? expectation("type", subschema) : "a value";
    }
    const path = formatPath(root, segments);
    const value = valueAt(instance, segments);
    const received = describeReceived(value);
    const message = received === "missing" ? `\`${path}\` is required.` : `\`${path}\` must be ${expected}; received ${receivedPhrase(value)}.`;
    const candidate = exampleFor(subschema, valueAt(example, segments));
    collected.push({ rule: unit.keyword, path, message, expected, received, ...(candidate !== undefined && candidate !== value ? { example: candidate } : {}) });
  }
  return dedupeFieldErrors(collected);
}
