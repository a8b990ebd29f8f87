// What a JSON Schema keyword asks for, in the words a field error prints.
import { either, formatPhrase, inWords, type Requirement, typeName, typePhrase } from "../../lib/field-errors";
import { resolveLocalRef, type SchemaNode } from "./schema-pointers";

/**
 * A schema node may say in words what it accepts (Folio's keyword metaschema does): those words are used as they are.
 */
export const OWN_WORDS = "x-expected";

/** One alternative of anyOf/oneOf in words, or null when it has no short description. */
function describeAlternative(node: unknown, root: unknown, depth = 0): string | null {
  if (node === true) return "any value";
  if (!node || typeof node !== "object" || depth > 3) return null;
  const schema = node as SchemaNode;
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
export function requirement(keyword: string, schema: SchemaNode, root: unknown): Requirement {
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
