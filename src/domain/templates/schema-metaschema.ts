import type { Schema } from "@cfworker/json-schema";

const TYPE_NAMES = ["array", "boolean", "integer", "null", "number", "object", "string"];
const subschema: Schema = { $ref: "#" };
// `x-expected` says in words what a keyword's value must be: field errors quote it instead of the rules below.
const subschemaMap: Schema = {
  type: "object",
  additionalProperties: subschema,
  "x-expected": "an object whose values are JSON Schemas",
};
const subschemaList: Schema = {
  type: "array",
  minItems: 1,
  items: subschema,
  "x-expected": "a non-empty array of JSON Schemas",
};
const count: Schema = { type: "integer", minimum: 0, "x-expected": "a whole number, 0 or more" };
const propertyNames: Schema = {
  type: "array",
  items: { type: "string" },
  uniqueItems: true,
  "x-expected": "an array of distinct property names",
};

/**
 * The shape every keyword's value must have under draft 2020-12. The validator library checks
 * instances but never its own schemas, so templates' schemas are checked against this first.
 */
export const DRAFT_2020_12_KEYWORDS: Schema = {
  type: ["object", "boolean"],
  "x-expected": "a JSON Schema (an object, or true or false)",
  properties: {
    $schema: { type: "string" },
    $id: { type: "string" },
    $ref: { type: "string" },
    $anchor: { type: "string" },
    $dynamicRef: { type: "string" },
    $dynamicAnchor: { type: "string" },
    $comment: { type: "string" },
    $vocabulary: { type: "object", additionalProperties: { type: "boolean" } },
    $defs: subschemaMap,
    definitions: subschemaMap,
    title: { type: "string" },
    description: { type: "string" },
    examples: { type: "array" },
    deprecated: { type: "boolean" },
    readOnly: { type: "boolean" },
    writeOnly: { type: "boolean" },
    type: {
      "x-expected": "a type name (array, boolean, integer, null, number, object or string) or an array of them",
      anyOf: [{ enum: TYPE_NAMES }, { type: "array", items: { enum: TYPE_NAMES }, minItems: 1, uniqueItems: true }],
    },
    enum: { type: "array", "x-expected": "an array of the allowed values" },
    required: propertyNames,
    dependentRequired: { type: "object", additionalProperties: propertyNames },
    properties: subschemaMap,
    patternProperties: {
      type: "object",
      additionalProperties: subschema,
      propertyNames: { format: "regex" },
      "x-expected": "an object of regular expressions to JSON Schemas",
    },
    dependentSchemas: subschemaMap,
    additionalProperties: subschema,
    unevaluatedProperties: subschema,
    propertyNames: subschema,
    items: subschema,
    prefixItems: subschemaList,
    unevaluatedItems: subschema,
    contains: subschema,
    not: subschema,
    if: subschema,
    // biome-ignore lint/suspicious/noThenProperty: `then` is a JSON Schema keyword, and this object is never awaited.
    then: subschema,
    else: subschema,
    allOf: subschemaList,
    anyOf: subschemaList,
    oneOf: subschemaList,
    multipleOf: { type: "number", exclusiveMinimum: 0, "x-expected": "a number greater than 0" },
    minimum: { type: "number" },
    maximum: { type: "number" },
    exclusiveMinimum: { type: "number" },
    exclusiveMaximum: { type: "number" },
    minLength: count,
    maxLength: count,
    minItems: count,
    maxItems: count,
    minContains: count,
    maxContains: count,
    minProperties: count,
    maxProperties: count,
    uniqueItems: { type: "boolean" },
    pattern: { type: "string", format: "regex", "x-expected": "a regular expression" },
    format: { type: "string" },
    contentEncoding: { type: "string" },
    contentMediaType: { type: "string" },
  },
};
