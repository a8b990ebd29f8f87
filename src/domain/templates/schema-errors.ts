import type { OutputUnit, Schema } from "@cfworker/json-schema";
import type { FieldError } from "../../errors";
import {
  dedupeFieldErrors,
  describeReceived,
  either,
  formatPath,
  formatPhrase,
  inWords,
  mustBe,
  type Requirement,
  typeName,
  typePhrase,
  valueAt,
} from "../../lib/field-errors";

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
/** A schema node may say in words what it accepts (Folio's keyword metaschema does): those words are used as they are. */
const OWN_WORDS = "x-expected";

type Node = Record<string, unknown>;

/** A segment that is not valid percent-encoding stands for itself (a `$ref` is the user's text). */
function decodeSegment(segment: string): string {
  const unescaped = segment.replace(/~1/g, "/").replace(/~0/g, "~");
  try {
    return decodeURIComponent(unescaped);
  } catch {
    return unescaped;
  }
}

function pointerSegments(pointer: string): string[] {
  return pointer
    .replace(/^#\/?/, "")
    .split("/")
    .filter((s) => s !== "")
    .map(decodeSegment);
}

/** Keywords whose values are instances, not schemas: an `$anchor` written inside one names nothing. */
const INSTANCE_KEYWORDS: ReadonlySet<string> = new Set(["enum", "const", "default", "examples"]);

function findAnchor(node: unknown, name: string): unknown {
  if (!node || typeof node !== "object") return undefined;
  if ((node as Node).$anchor === name || (node as Node).$dynamicAnchor === name) return node;
  for (const [keyword, child] of Object.entries(node)) {
    if (!Array.isArray(node) && INSTANCE_KEYWORDS.has(keyword)) continue;
    const found = findAnchor(child, name);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The schema node a local `$ref` (`#`, `#/json/pointer`, `#anchor`) points at; undefined when there is none. */
export function resolveLocalRef(root: unknown, ref: string): unknown {
  if (ref === "#") return root;
  if (ref.startsWith("#/")) return valueAt(root, pointerSegments(ref));
  return ref.startsWith("#") ? findAnchor(root, ref.slice(1)) : undefined;
}

/** The node at a keyword location, following the `$ref`s the validator went through to get there. */
function schemaAt(root: unknown, segments: string[]): Node | undefined {
  let current = root;
  for (const segment of segments) {
    const next = valueAt(current, [segment]);
    current =
      (segment === "$ref" || segment === "$dynamicRef") && typeof next === "string"
        ? resolveLocalRef(root, next)
        : next;
  }
  return current && typeof current === "object" ? (current as Node) : undefined;
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

/** One alternative of anyOf/oneOf in words, or null when it has no short description. */
function describeAlternative(node: unknown, root: unknown, depth = 0): string | null {
  if (node === true) return "any value";
  if (!node || typeof node !== "object" || depth > 3) return null;
  const schema = node as Node;
  if (typeof schema[OWN_WORDS] === "string") return schema[OWN_WORDS] as string;
  if (typeof schema.$ref === "string") return describeAlternative(resolveLocalRef(root, schema.$ref), root, depth + 1);
  if ("const" in schema) return `exactly ${JSON.stringify(schema.const)}`;
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`;
  if (schema.type !== undefined)
    return either((Array.isArray(schema.type) ? schema.type : [schema.type]).map(String).map(typePhrase));
  if (schema.properties || schema.required) return typePhrase("object");
  if (schema.items || schema.prefixItems) return typePhrase("array");
  return null;
}

function alternatives(keyword: string, value: unknown, root: unknown): Requirement {
  const options = Array.isArray(value) ? value : [];
  const described = options.map((option) => describeAlternative(option, root));
  const which = keyword === "oneOf" ? "exactly one" : "at least one";
  if (described.some((d) => d === null))
    return inWords(`a value matching ${which} of the ${options.length} schemas under \`${keyword}\``);
  const listed = either(described as string[]);
  return { expected: listed, phrase: keyword === "oneOf" ? `${listed}, matching exactly one of them` : listed };
}

const items = (n: unknown) => `${n} ${n === 1 ? "item" : "items"}`;

/** What `keyword` of `schema` asks for: the short `expected` of the field error and the words of its message. */
function requirement(keyword: string, schema: Node, root: unknown): Requirement {
  const value = schema[keyword];
  switch (keyword) {
    case "type": {
      const types = (Array.isArray(value) ? value : [value]).map(String);
      return { expected: types.map(typeName).join(" or "), phrase: either(types.map(typePhrase)) };
    }
    case "minimum":
      return { expected: `number >= ${value}`, phrase: `at least ${value}` };
    case "maximum":
      return { expected: `number <= ${value}`, phrase: `at most ${value}` };
    case "exclusiveMinimum":
      return { expected: `number > ${value}`, phrase: `more than ${value}` };
    case "exclusiveMaximum":
      return { expected: `number < ${value}`, phrase: `less than ${value}` };
    case "multipleOf":
      return { expected: `multiple of ${value}`, phrase: `a multiple of ${value}` };
    case "minLength":
      return value === 1
        ? { expected: "non-empty string", phrase: "a non-empty string" }
        : { expected: `string of at least ${value} characters`, phrase: `at least ${value} characters long` };
    case "maxLength":
      return { expected: `string of at most ${value} characters`, phrase: `at most ${value} characters long` };
    case "pattern":
      return { expected: `string matching ${value}`, phrase: `a string matching the pattern ${value}` };
    case "format":
      return { expected: `${value} string`, phrase: formatPhrase(String(value)) };
    case "enum":
      return inWords(`one of ${(value as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`);
    case "const":
      return inWords(`exactly ${JSON.stringify(value)}`);
    case "minItems":
      return { expected: `array of at least ${items(value)}`, phrase: `an array of at least ${items(value)}` };
    case "maxItems":
      return { expected: `array of at most ${items(value)}`, phrase: `an array of at most ${items(value)}` };
    case "uniqueItems":
      return { expected: "array of unique items", phrase: "an array without duplicate items" };
    case "minProperties":
      return {
        expected: `object with at least ${value} properties`,
        phrase: `an object with at least ${value} properties`,
      };
    case "maxProperties":
      return {
        expected: `object with at most ${value} properties`,
        phrase: `an object with at most ${value} properties`,
      };
    case "anyOf":
    case "oneOf":
      return alternatives(keyword, value, root);
    case "not":
      return inWords("a value that does not match the schema under `not`");
    default:
      return inWords(`a value satisfying \`${keyword}\``);
  }
}

function exampleFor(schema: Node | undefined, fallback: unknown): unknown {
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
    let subschema: Node | undefined = owner;
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
      subschema = declared && typeof declared === "object" ? (declared as Node) : undefined;
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
