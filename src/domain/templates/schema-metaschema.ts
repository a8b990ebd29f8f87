import type { Schema } from "@cfworker/json-schema";

const TYPE_NAMES = ["array", "boolean", "integer", "null", "number", "object", "string"];
const subschema: Schema = { $ref: "#" };
const subschemaMap: Schema = { type: "object", additionalProperties: subschema };
const subschemaList: Schema = { type: "array", minItems: 1, items: subschema };
const count: Schema = { type: "integer", minimum: 0 };

/**
 * The shape every keyword's value must have under draft 2020-12. The validator library checks
 * instances but never its own schemas, so templates' schemas are checked against this first.
 */
export const DRAFT_2020_12_KEYWORDS: Schema = {
  type: ["object", "boolean"],
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
      anyOf: [
        { enum: TYPE_NAMES },
        { type: "array", items: { enum: TYPE_NAMES }, minItems: 1, uniqueItems: true },
      ],
    },
    enum: { type: "array" },
    required: { type: "array", items: { type: "string" }, uniqueItems: true },
    dependentRequired: { type: "object", additionalProperties: { type: "array", items: { type: "string" }, uniqueItems: true } },
    properties: subschemaMap,
    patternProperties: { type: "object", additionalProperties: subschema, propertyNames: { format: "regex" } },
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
    then: subschema,
    else: subschema,
    allOf: subschemaList,
    anyOf: subschemaList,
    oneOf: subschemaList,
    multipleOf: { type: "number", exclusiveMinimum: 0 },
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
    pattern: { type: "string", format: "regex" },
    format: { type: "string" },
    contentEncoding: { type: "string" },
    contentMediaType: { type: "string" },
  },
};
