import { describe, expect, it } from "vitest";
import { fromSchema } from "../../packages/sdk/src/schema-types";

describe("types.fromSchema", () => {
  it("declares an object schema as an interface: required fields plain, others optional, descriptions as comments", () => {
    const schema = {
      type: "object",
      description: "One greeting.",
      required: ["name"],
      properties: { name: { type: "string", description: "Who." }, count: { type: "integer" } },
    };
    expect(fromSchema(schema, "Greeting")).toBe(
      `/** One greeting. */\nexport interface Greeting {\n  /** Who. */\n  name: string;\n  count?: number;\n}\n`,
    );
  });

  it("says enums, consts, nullable and multi-type, unions, intersections and tuples", () => {
    const schema = {
      type: "object",
      additionalProperties: false,
      properties: {
        status: { enum: ["paid", "due"] },
        kind: { const: "invoice" },
        note: { type: ["string", "null"] },
        legacy: { type: "number", nullable: true },
        either: { oneOf: [{ type: "string" }, { type: "boolean" }] },
        both: {
          allOf: [
            { type: "object", properties: { a: { type: "string" } } },
            { type: "object", properties: { b: { type: "number" } } },
          ],
        },
        pair: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: false },
        tags: { type: "array", items: { anyOf: [{ type: "string" }, { type: "number" }] } },
        "line-total": { type: "number" },
      },
    };
    const text = fromSchema(schema, "Doc");
    for (const line of [
      `status?: "paid" | "due";`,
      `kind?: "invoice";`,
      `note?: string | null;`,
      `legacy?: number | null;`,
      `either?: string | boolean;`,
      `pair?: [string, number];`,
      `tags?: (string | number)[];`,
      `"line-total"?: number;`,
    ])
      expect(text).toContain(line);
    expect(text).toMatch(/both\?: \{\n\s+a\?: string;\n\s+\} & \{\n\s+b\?: number;\n\s+\};/);
  });

  it("names each $defs entry it reaches, so a recursive schema stays finite", () => {
    const schema = {
      $ref: "#/$defs/node",
      $defs: {
        node: { type: "object", properties: { children: { type: "array", items: { $ref: "#/$defs/node" } } } },
        unused: { type: "string" },
      },
    };
    expect(fromSchema(schema, "Tree")).toBe(
      `export type Tree = TreeNode;\n\nexport interface TreeNode {\n  children?: TreeNode[];\n}\n`,
    );
  });

  it("types additional properties, and anything where the schema says nothing", () => {
    expect(fromSchema({ type: "object", additionalProperties: { type: "number" } }, "Totals")).toBe(
      `export interface Totals {\n  [key: string]: number;\n}\n`,
    );
    expect(fromSchema({}, "Anything")).toBe("export type Anything = unknown;\n");
    expect(fromSchema(true, "Anything")).toBe("export type Anything = unknown;\n");
    expect(fromSchema({ type: "object" }, "Empty")).toBe("export type Empty = Record<string, unknown>;\n");
  });
});
