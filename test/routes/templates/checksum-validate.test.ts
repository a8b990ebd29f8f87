import { describe, expect, it } from "vitest";
import { call, expectError, newAccount } from "../../helpers";

describe("template checksum", () => {
  it("is stable across message, description and example changes, and across JSON key order", async () => {
    const { api_key: key } = await newAccount();
    const v1 = await call("POST", "/v1/templates", {
      key,
      body: {
        name: "c",
        source: "<b>{{ x }}</b>",
        schema: { type: "object", properties: { x: { type: "string" } } },
        options: { margin: "1mm", landscape: true },
        example: { x: "a" },
        message: "one",
      },
    });
    const v2 = await call("POST", "/v1/templates/c/versions", {
      key,
      body: {
        source: "<b>{{ x }}</b>",
        schema: { properties: { x: { type: "string" } }, type: "object" },
        options: { landscape: true, margin: "1mm" },
        example: { x: "b" },
        message: "two",
        description: "changed",
      },
    });
    expect(v2.json.version).toBe(2);
    expect(v2.json.checksum).toBe(v1.json.checksum);
  });

  it("changes with whitespace in the source, the engine, the schema or the options", async () => {
    const { api_key: key } = await newAccount();
    const base = (await call("POST", "/v1/templates", { key, body: { name: "c", source: "<b>x</b>" } })).json.checksum;
    const variants = [
      { source: "<b>x</b> " },
      { source: "<b>x</b>", engine: "satori" },
      { source: "<b>x</b>", schema: { type: "object" } },
      { source: "<b>x</b>", options: { landscape: true } },
    ];
    const seen = new Set([base]);
    for (const body of variants) {
      const res = await call("POST", "/v1/templates/c/versions", {
        key,
        body: { engine: "chromium", schema: {}, options: {}, ...body },
      });
      seen.add(res.json.checksum);
    }
    expect(seen.size).toBe(5);
  });

  it("comes back for a re-publish of an older definition (rollback), and matches across accounts", async () => {
    const { api_key: key } = await newAccount();
    const v1 = await call("POST", "/v1/templates", {
      key,
      body: { name: "c", source: "one", schema: { type: "object" }, options: { scale: 1.5 } },
    });
    await call("POST", "/v1/templates/c/versions", { key, body: { source: "two", schema: {}, options: {} } });
    const v3 = await call("POST", "/v1/templates/c/versions", {
      key,
      body: { source: "one", schema: { type: "object" }, options: { scale: 1.5 } },
    });
    expect(v3.json.version).toBe(3);
    expect(v3.json.checksum).toBe(v1.json.checksum);
    const other = await newAccount();
    const elsewhere = await call("POST", "/v1/templates", {
      key: other.api_key,
      body: { name: "renamed", source: "one", schema: { type: "object" }, options: { scale: 1.5 } },
    });
    expect(elsewhere.json.checksum).toBe(v1.json.checksum);
  });

  it("is the SHA-256 of the JCS of {engine, options, schema, source}", async () => {
    const { api_key: key } = await newAccount();
    const res = await call("POST", "/v1/templates", {
      key,
      body: { name: "c", source: "é\n<b/>", schema: { b: 1, a: [true, null] }, options: { scale: 1.5 } },
    });
    const canonical =
      '{"engine":"chromium","options":{"scale":1.5},"schema":{"a":[true,null],"b":1},"source":"é\\n<b/>"}';
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonical));
    expect(res.json.checksum).toBe([...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join(""));
  });
});

describe("POST /v1/templates/{ref}/validate", () => {
  const schema = {
    type: "object",
    required: ["customer", "items"],
    additionalProperties: false,
    properties: {
      customer: { type: "object", required: ["name"], properties: { name: { type: "string", minLength: 1 } } },
      currency: { enum: ["EUR", "USD"] },
      issued_on: { type: "string", format: "date" },
      items: {
        type: "array",
        minItems: 1,
        items: { type: "object", required: ["qty"], properties: { qty: { type: "integer", minimum: 1 } } },
      },
    },
  };
  const example = { customer: { name: "Acme" }, items: [{ qty: 2 }], currency: "EUR", issued_on: "2026-11-01" };

  async function setup() {
    const { api_key: key } = await newAccount();
    await call("POST", "/v1/templates", { key, body: { name: "inv", source: "x", schema, example } });
    return key;
  }

  it("answers valid data with no errors and the example", async () => {
    const key = await setup();
    const res = await call("POST", "/v1/templates/inv/validate", { key, body: { data: example } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      object: "validation",
      template: "inv@1",
      valid: true,
      errors: [],
      example,
      warnings: [],
    });
  });

  it("lists every field error with path, expected, received and an example", async () => {
    const key = await setup();
    const res = await call("POST", "/v1/templates/inv@1/validate", {
      key,
      body: {
        data: {
          customer: { name: "" },
          items: [{ qty: 1 }, { qty: "3" }, {}],
          currency: "GBP",
          issued_on: "2026-02-30",
          extra: 1,
        },
      },
    });
    expect(res.json.valid).toBe(false);
    const byPath = Object.fromEntries(res.json.errors.map((e: { path: string }) => [e.path, e]));
    expect(byPath["data.customer.name"]).toMatchObject({
      expected: "non-empty string",
      received: "string",
      example: "Acme",
    });
    expect(byPath["data.items[1].qty"]).toMatchObject({ expected: "integer", received: "string" });
    expect(byPath["data.items[2].qty"]).toMatchObject({ expected: "integer", received: "missing" });
    expect(byPath["data.currency"]).toMatchObject({
      expected: 'one of "EUR", "USD"',
      received: "string",
      example: "EUR",
    });
    expect(byPath["data.issued_on"]).toMatchObject({ expected: "date string", received: "string" });
    expect(byPath["data.extra"]).toMatchObject({ received: "integer" });
    for (const error of res.json.errors) expect(error.message).toContain(error.path);
  });

  it("reports a missing root property as missing, and a wrong root type once", async () => {
    const key = await setup();
    const missing = await call("POST", "/v1/templates/inv/validate", {
      key,
      body: { data: { customer: { name: "A" } } },
    });
    expect(missing.json.errors).toEqual([
      expect.objectContaining({ path: "data.items", received: "missing", expected: "array" }),
    ]);
    const wrong = await call("POST", "/v1/templates/inv/validate", { key, body: { data: [1, 2, 3] } });
    expect(wrong.json.errors).toEqual([
      expect.objectContaining({ path: "data", expected: "object", received: "array(3)" }),
    ]);
  });

  it("deduplicates entries by path and rule", async () => {
    const { api_key: key } = await newAccount();
    await call("POST", "/v1/templates", {
      key,
      body: { name: "d", source: "x", schema: { allOf: [{ type: "string" }, { type: "string" }] } },
    });
    const res = await call("POST", "/v1/templates/d/validate", { key, body: { data: 5 } });
    expect(res.json.errors).toHaveLength(1);
  });

  it("requires data, accepts data: null, and 404s unknown templates", async () => {
    const key = await setup();
    const error = expectError(
      await call("POST", "/v1/templates/inv/validate", { key, body: {} }),
      400,
      "invalid_request",
    );
    expect(error.errors?.[0]?.path).toBe("data");
    const nullData = await call("POST", "/v1/templates/inv/validate", { key, body: { data: null } });
    expect(nullData.json.errors[0]).toMatchObject({ path: "data", received: "null" });
    expectError(await call("POST", "/v1/templates/nope/validate", { key, body: { data: {} } }), 404, "not_found");
    expectError(await call("POST", "/v1/templates/inv@9/validate", { key, body: { data: {} } }), 404, "not_found");
    expectError(
      await call("POST", "/v1/templates/inv@x/validate", { key, body: { data: {} } }),
      400,
      "invalid_request",
    );
  });
});
