import { describe, expect, it } from "vitest";
import { call, expectError, HELLO, newAccount } from "../../helpers";

describe("POST /v1/templates", () => {
  it("creates version 1 with every field, lowercasing the name", async () => {
    const { api_key } = await newAccount();
    const res = await call("POST", "/v1/templates", {
      key: api_key,
      body: {
        name: "Invoice.v2_x-y",
        source: "<p>{{ a }}</p>",
        engine: "chromium",
        schema: { type: "object" },
        options: { page_size: "Letter", margin: "10mm" },
        expected_pages: 3,
        example: { a: 1 },
        description: "Invoices",
        message: "first",
      },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      object: "template",
      name: "invoice.v2_x-y",
      description: "Invoices",
      latest_version: 1,
      version: 1,
      ref: "invoice.v2_x-y@1",
      engine: "chromium",
      schema: { type: "object" },
      options: { page_size: "Letter", margin: "10mm" },
      expected_pages: 3,
      example: { a: 1 },
      source: "<p>{{ a }}</p>",
      message: "first",
    });
    expect(res.json.id).toMatch(/^tpl_[a-z0-9]{24}$/);
    expect(res.json.checksum).toMatch(/^[0-9a-f]{64}$/);
    for (const field of ["created_at", "updated_at", "version_created_at"])
      expect(new Date(res.json[field]).toISOString()).toBe(res.json[field]);
    expect(res.json).not.toHaveProperty("error");
  });

  it("applies the documented defaults", async () => {
    const { api_key } = await newAccount();
    const res = await call("POST", "/v1/templates", { key: api_key, body: HELLO });
    expect(res.json).toMatchObject({
      engine: "chromium",
      schema: {},
      options: {},
      expected_pages: 1,
      example: null,
      description: "",
      message: null,
    });
  });

  it.each([
    [{ source: "x" }, "name"],
    [{ name: "", source: "x" }, "name"],
    [{ name: "-starts-with-dash", source: "x" }, "name"],
    [{ name: "has space", source: "x" }, "name"],
    [{ name: "a".repeat(64), source: "x" }, "name"],
    [{ name: "at@sign", source: "x" }, "name"],
    [{ name: 7, source: "x" }, "name"],
    [{ name: "ok" }, "source"],
    [{ name: "ok", source: "" }, "source"],
    [{ name: "ok", source: "{% if %}" }, "source"],
    [{ name: "ok", source: "{{ a }" }, "source"],
    [{ name: "ok", source: "{% include 'header' %}" }, "source"],
    [{ name: "ok", source: "{% render 'header' %}" }, "source"],
    [{ name: "ok", source: "{% layout 'base' %}" }, "source"],
    [{ name: "ok", source: "x", engine: "wkhtmltopdf" }, "engine"],
    [{ name: "ok", source: "x", schema: [] }, "schema"],
    [{ name: "ok", source: "x", schema: "object" }, "schema"],
    [{ name: "ok", source: "x", schema: { type: "strin" } }, "schema.type"],
    [{ name: "ok", source: "x", schema: { properties: { a: { pattern: "(" } } } }, "schema.properties.a.pattern"],
    [{ name: "ok", source: "x", schema: { required: "a" } }, "schema.required"],
    [{ name: "ok", source: "x", schema: { $ref: "#/$defs/missing" } }, "schema.$ref"],
    [{ name: "ok", source: "x", schema: { $ref: "https://example.com/schema.json" } }, "schema.$ref"],
    // An anchor written inside a value (here an allowed object) is data, not a place in the schema.
    [
      {
        name: "ok",
        source: "x",
        schema: { properties: { a: { $ref: "#money" }, b: { const: { $anchor: "money" } } } },
      },
      "schema.properties.a.$ref",
    ],
    [{ name: "ok", source: "x", schema: { $schema: "http://json-schema.org/draft-07/schema#" } }, "schema.$schema"],
    [{ name: "ok", source: "x", options: { page_sise: "A4" } }, "options.page_sise"],
    [{ name: "ok", source: "x", options: { page_size: "B5" } }, "options.page_size"],
    [{ name: "ok", source: "x", options: { scale: 3 } }, "options.scale"],
    [{ name: "ok", source: "x", options: { quality: 0 } }, "options.quality"],
    [{ name: "ok", source: "x", options: { margin: "ten" } }, "options.margin"],
    [{ name: "ok", source: "x", options: { header_html: "{% if %}" } }, "options.header_html"],
    [{ name: "ok", source: "x", expected_pages: 0 }, "expected_pages"],
    [{ name: "ok", source: "x", expected_pages: 2001 }, "expected_pages"],
    [{ name: "ok", source: "x", expected_pages: 1.5 }, "expected_pages"],
    [{ name: "ok", source: "x", description: "two\nlines" }, "description"],
    [{ name: "ok", source: "x", surprise: true }, "surprise"],
  ])("refuses %j with a field error at %s", async (body, path) => {
    const { api_key } = await newAccount();
    const error = expectError(await call("POST", "/v1/templates", { key: api_key, body }), 400, "invalid_request");
    const entry = error.errors?.find((e) => e.path === path);
    expect(entry, JSON.stringify(error.errors)).toBeDefined();
    expect(entry!.message.length).toBeGreaterThan(5);
    expect(entry!.expected.length).toBeGreaterThan(0);
  });

  it("refuses a body that is not an object", async () => {
    const { api_key } = await newAccount();
    expectError(await call("POST", "/v1/templates", { key: api_key, body: [1, 2] }), 400, "invalid_request");
    expectError(await call("POST", "/v1/templates", { key: api_key }), 400, "invalid_request");
  });

  it("accepts an unknown filter at create time (it fails at render time instead)", async () => {
    const { api_key } = await newAccount();
    expect(
      (await call("POST", "/v1/templates", { key: api_key, body: { name: "f", source: "{{ a | no_such_filter }}" } }))
        .status,
    ).toBe(201);
  });

  it("accepts valid 2020-12 schemas with local references and anchors", async () => {
    const { api_key } = await newAccount();
    const schema = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $defs: { money: { $anchor: "money", type: "number" } },
      properties: { a: { $ref: "#/$defs/money" }, b: { $ref: "#money" } },
    };
    expect(
      (await call("POST", "/v1/templates", { key: api_key, body: { name: "refs", source: "x", schema } })).status,
    ).toBe(201);
  });

  it("answers 409 with details when a live template holds the name, in any case", async () => {
    const { api_key } = await newAccount();
    await call("POST", "/v1/templates", { key: api_key, body: HELLO });
    const error = expectError(
      await call("POST", "/v1/templates", { key: api_key, body: { ...HELLO, name: "HELLO" } }),
      409,
      "conflict",
    );
    expect(error.details).toEqual({
      code: "template_exists",
      template: "hello",
      latest_version: 1,
      new_version_url: "http://localhost:8787/v1/templates/hello/versions",
    });
  });

  it("keeps names per account", async () => {
    const a = await newAccount();
    const b = await newAccount();
    expect((await call("POST", "/v1/templates", { key: a.api_key, body: HELLO })).status).toBe(201);
    expect((await call("POST", "/v1/templates", { key: b.api_key, body: HELLO })).status).toBe(201);
  });
});
