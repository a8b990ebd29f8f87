import type { OutputUnit, Schema } from "@cfworker/json-schema";
import type { FieldError } from "../../errors";
import { dedupeFieldErrors, describeReceived, formatPath, inWords, mustBe, valueAt } from "../../lib/field-errors";
import { instanceSegments, pointerSegments, type SchemaNode, schemaAt } from "./schema-pointers";
import { OWN_WORDS, requirement } from "./schema-requirements";

/** Keywords that only say "something below failed": the failure below is the one worth reporting. */
const AGGREGATES = new Set([
  "properties",
  "patternProperties",
  "additionalProperties",
  "items",
  "prefixItems",
  "allOf",
  "$ref",
  "$dynamicRef",
  "dependentSchemas",
  "unevaluatedProperties",
  "unevaluatedItems",
  "if",
  "then",
  "else",
]);
/** Keywords whose sub-failures are alternatives tried, not mistakes: the keyword itself is reported. */
const COMBINATORS = new Set(["anyOf", "oneOf", "not"]);

function exampleFor(schema: SchemaNode | undefined, fallback: unknown): unknown {
  if (fallback !== undefined) return fallback;
  if (!schema) return undefined;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if ("default" in schema) return schema.default;
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  return undefined;
}

/** A value where the schema allows none (`additionalProperties: false`, a `false` subschema). */
function notAllowed(path: string, last: string | number | undefined, value: unknown): FieldError & { rule: string } {
  const received = describeReceived(value);
  if (typeof last === "number")
    return {
      rule: "false",
      path,
      message: `\`${path}\` is one item too many: the schema allows no item there.`,
      expected: "no item here",
      received,
    };
  return {
    rule: "false",
    path,
    message: `Unknown field \`${path}\`: the schema does not allow it.`,
    expected: "no such field",
    received,
  };
}

/**
 * Turns the validator's output units into field errors rooted at `root` (`data`, `example` or `schema`): one
 * entry per real mistake, with what was expected, what was received and, where one is known, an acceptable value.
 */
export function fieldErrorsFromSchemaOutput(
  units: OutputUnit[],
  schema: Schema | boolean,
  instance: unknown,
  root: string,
  example?: unknown,
): FieldError[] {
  const reportedCombinators = units.filter((u) => COMBINATORS.has(u.keyword)).map((u) => `${u.keywordLocation}/`);
  const collected: Array<FieldError & { rule: string }> = [];
  for (const unit of units) {
    if (AGGREGATES.has(unit.keyword)) continue;
    if (reportedCombinators.some((prefix) => unit.keywordLocation.startsWith(prefix))) continue;
    let segments = instanceSegments(instance, unit.instanceLocation);
    if (unit.keyword === "false") {
      collected.push(notAllowed(formatPath(root, segments), segments.at(-1), valueAt(instance, segments)));
      continue;
    }
    const owner = schemaAt(schema, pointerSegments(unit.keywordLocation).slice(0, -1)) ?? {};
    let subschema: SchemaNode | undefined = owner;
    const stated =
      typeof owner[OWN_WORDS] === "string"
        ? inWords(owner[OWN_WORDS] as string)
        : requirement(unit.keyword, owner, schema);
    let expected = stated.expected;
    if (unit.keyword === "required") {
      const property = /property "(.*)"\.$/.exec(unit.error)?.[1] ?? "";
      segments = [...segments, property];
      // A property's schema may be `true`: it names no type.
      const declared = valueAt(owner.properties, [property]);
      subschema = declared && typeof declared === "object" ? (declared as SchemaNode) : undefined;
      expected = subschema && "type" in subschema ? requirement("type", subschema, schema).expected : "a value";
    }
    const path = formatPath(root, segments);
    const value = valueAt(instance, segments);
    const candidate = exampleFor(subschema, valueAt(example, segments));
    collected.push({
      rule: unit.keyword,
      path,
      message: mustBe(path, stated.phrase, value),
      expected,
      received: describeReceived(value),
      ...(candidate !== undefined && candidate !== value ? { example: candidate } : {}),
    });
  }
  return dedupeFieldErrors(collected);
}
