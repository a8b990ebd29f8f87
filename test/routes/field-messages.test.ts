import { describe, expect, it } from "vitest";
import { call, expectError, newAccount } from "../helpers";

/** Words that belong to a validator, never to a field error (docs/diagnostics.md#field-errors). */
const VALIDATOR_WORDS = /Invalid input|Invalid string|a matching value|no value here|must be int;|\/\^|\| /;

async function firstError(path: string, body: unknown, key: string) {
  const error = expectError(await call("POST", path, { key, body }), 400, "invalid_request");
  const entry = error.errors![0]!;
  expect(entry.message).not.toMatch(VALIDATOR_WORDS);
  expect(entry.expected).not.toMatch(VALIDATOR_WORDS);
  return entry;
}

describe("field-error messages in the user's terms", () => {
  it.each([
    [
      { page_size: "B5" },
      "options.page_size",
      '`options.page_size` must be one of A3, A4, A5, Letter, Legal, Tabloid, or {width, height} as CSS lengths; received string "B5".',
    ],
    [
      { page_size: { width: "10in" } },
      "options.page_size",
      "`options.page_size` must be one of A3, A4, A5, Letter, Legal, Tabloid, or {width, height} as CSS lengths; received object.",
    ],
    [
      { page_size: { width: "10 furlongs", height: "5in" } },
      "options.page_size.width",
      '`options.page_size.width` must be a CSS length such as 12mm (a number with px, in, cm, mm, pt or pc, or 0); received string "10 furlongs".',
    ],
    [
      { margin: "ten" },
      "options.margin",
      '`options.margin` must be a CSS length such as 12mm (a number with px, in, cm, mm, pt or pc, or 0); received string "ten".',
    ],
    [
      { margin: 5 },
      "options.margin",
      "`options.margin` must be a CSS length such as 12mm, or {top, right, bottom, left} as CSS lengths; received integer 5.",
    ],
    [{ width: 6000 }, "options.width", "`options.width` must be at most 5000; received integer 6000."],
    [{ width: 12.5 }, "options.width", "`options.width` must be an integer; received number 12.5."],
    [{ landscape: "yes" }, "options.landscape", '`options.landscape` must be true or false; received string "yes".'],
    [{ page_sise: "A4" }, "options.page_sise", "Unknown field `options.page_sise`."],
  ])("template options %j", async (options, path, message) => {
    const { api_key: key } = await newAccount();
    expect(await firstError("/v1/templates", { name: "t", source: "x", options }, key)).toMatchObject({
      path,
      message,
    });
  });

  it.each([
    [{ name: "t", source: 5 }, "source", "`source` must be a string; received integer 5."],
    [
      { name: "t", source: "x", engine: "wkhtmltopdf" },
      "engine",
      '`engine` must be one of "chromium", "satori"; received string "wkhtmltopdf".',
    ],
    [
      { name: "t", source: "x", description: "two\nlines" },
      "description",
      '`description` must be a single line (no line breaks); received string "two\\nlines".',
    ],
    [
      { name: "t", source: "x", expected_pages: 1.5 },
      "expected_pages",
      "`expected_pages` must be an integer; received number 1.5.",
    ],
    [
      { name: "t", source: "x", schema: { type: "strin" } },
      "schema.type",
      '`schema.type` must be a type name (array, boolean, integer, null, number, object or string) or an array of them; received string "strin".',
    ],
    [
      { name: "t", source: "x", schema: { required: "a" } },
      "schema.required",
      '`schema.required` must be an array of distinct property names; received string "a".',
    ],
    [
      { name: "t", source: "x", schema: { properties: { a: { pattern: "(" } } } },
      "schema.properties.a.pattern",
      '`schema.properties.a.pattern` must be a regular expression; received string "(".',
    ],
    [
      { name: "t", source: "x", schema: { properties: { a: 5 } } },
      "schema.properties.a",
      "`schema.properties.a` must be a JSON Schema (an object, or true or false); received integer 5.",
    ],
    [
      { name: "t", source: "x", schema: { $ref: "#/$defs/missing" } },
      "schema.$ref",
      "`schema.$ref` points at #/$defs/missing, which is not in the schema.",
    ],
    [
      { name: "t", source: "x", schema: { $ref: "#/%zz" } },
      "schema.$ref",
      "`schema.$ref` points at #/%zz, which is not in the schema.",
    ],
  ])("template body %j", async (body, path, message) => {
    const { api_key: key } = await newAccount();
    expect(await firstError("/v1/templates", body, key)).toMatchObject({ path, message });
  });

  it.each([
    [{ template: 5 }, "template", "`template` must be a string; received integer 5."],
    [
      { template: "t", format: "gif" },
      "format",
      '`format` must be one of "pdf", "png", "jpg", "xml", "jpeg"; received string "gif".',
    ],
    [{ template: "t", async: "yes" }, "async", '`async` must be true or false; received string "yes".'],
    [
      { template: "t", options: { quality: 0 } },
      "options.quality",
      "`options.quality` must be at least 1; received integer 0.",
    ],
    [{ template: "t", colour: "red" }, "colour", "Unknown field `colour`."],
  ])("render body %j", async (body, path, message) => {
    const { api_key: key } = await newAccount();
    expect(await firstError("/v1/render", body, key)).toMatchObject({ path, message });
  });

  describe("data against each JSON Schema keyword", () => {
    const schema = {
      type: "object",
      additionalProperties: false,
      required: ["name"],
      $defs: { line: { type: "object", properties: { qty: { type: "integer" } } } },
      properties: {
        name: { type: "string", maxLength: 5, pattern: "^[A-Z]" },
        kind: { enum: ["a", "b"] },
        fixed: { const: 1 },
        n: { type: "integer", minimum: 3 },
        email: { type: "string", format: "email" },
        one: { oneOf: [{ type: "string" }, { type: "integer" }] },
        any: { anyOf: [{ type: "string" }, { type: "object" }] },
        lines: { type: "array", minItems: 2, items: { $ref: "#/$defs/line" } },
      },
    };
    it.each([
      [{ name: 5 }, "data.name", "`data.name` must be a string; received integer 5."],
      [{}, "data.name", "`data.name` is required."],
      [{ name: "Abcdefgh" }, "data.name", '`data.name` must be at most 5 characters long; received string "Abcdefgh".'],
      [
        { name: "abc" },
        "data.name",
        '`data.name` must be a string matching the pattern ^[A-Z]; received string "abc".',
      ],
      [{ name: "A", kind: "c" }, "data.kind", '`data.kind` must be one of "a", "b"; received string "c".'],
      [{ name: "A", fixed: 2 }, "data.fixed", "`data.fixed` must be exactly 1; received integer 2."],
      [{ name: "A", n: 1 }, "data.n", "`data.n` must be at least 3; received integer 1."],
      [{ name: "A", email: "nope" }, "data.email", '`data.email` must be an email address; received string "nope".'],
      [
        { name: "A", one: true },
        "data.one",
        "`data.one` must be a string or an integer, matching exactly one of them; received boolean true.",
      ],
      [{ name: "A", any: 5 }, "data.any", "`data.any` must be a string or an object; received integer 5."],
      [{ name: "A", extra: 1 }, "data.extra", "Unknown field `data.extra`: the schema does not allow it."],
      [
        { name: "A", lines: [{ qty: 1 }, { qty: "x" }] },
        "data.lines[1].qty",
        '`data.lines[1].qty` must be an integer; received string "x".',
      ],
      [
        { name: "A", lines: [{ qty: 1 }] },
        "data.lines",
        "`data.lines` must be an array of at least 2 items; received array(1).",
      ],
    ])("%j", async (data, path, message) => {
      const { api_key: key } = await newAccount();
      await call("POST", "/v1/templates", { key, body: { name: "t", source: "x", schema } });
      const res = await call("POST", "/v1/templates/t/validate", { key, body: { data } });
      const entry = res.json.errors.find((e: { path: string }) => e.path === path);
      expect(entry).toMatchObject({ path, message });
      for (const error of res.json.errors) expect(`${error.message} ${error.expected}`).not.toMatch(VALIDATOR_WORDS);
    });

    it("a required property whose schema is `true`", async () => {
      const { api_key: key } = await newAccount();
      await call("POST", "/v1/templates", {
        key,
        body: { name: "t", source: "x", schema: { required: ["note"], properties: { note: true } } },
      });
      const res = await call("POST", "/v1/templates/t/validate", { key, body: { data: {} } });
      expect(res.json.errors).toEqual([
        { path: "data.note", message: "`data.note` is required.", expected: "a value", received: "missing" },
      ]);
    });
  });
});
