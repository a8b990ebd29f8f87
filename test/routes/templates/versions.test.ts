import { describe, expect, it } from "vitest";
import { call, expectError, newAccount } from "../../helpers";

async function setup() {
  const { api_key } = await newAccount();
  const created = await call("POST", "/v1/templates", {
    key: api_key,
    body: {
      name: "doc",
      source: "<p>{{ a }}</p>",
      engine: "chromium",
      schema: { type: "object", required: ["a"] },
      options: { landscape: true },
      expected_pages: 4,
      example: { a: 1 },
      description: "Doc",
      message: "v1",
    },
  });
  expect(created.status).toBe(201);
  return { key: api_key, v1: created.json };
}

describe("POST /v1/templates/{name}/versions", () => {
  it("publishes N+1 inheriting engine, schema, options, expected_pages and example, but never message", async () => {
    const { key } = await setup();
    const res = await call("POST", "/v1/templates/doc/versions", { key, body: { source: "<p>{{ a }}!</p>" } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      object: "template",
      name: "doc",
      version: 2,
      latest_version: 2,
      ref: "doc@2",
      engine: "chromium",
      schema: { type: "object", required: ["a"] },
      options: { landscape: true },
      expected_pages: 4,
      example: { a: 1 },
      message: null,
      description: "Doc",
    });
  });

  it("clears schema and options with {} and example with null", async () => {
    const { key } = await setup();
    const res = await call("POST", "/v1/templates/doc/versions", {
      key,
      body: { source: "x", schema: {}, options: {}, example: null, message: "cleared" },
    });
    expect(res.json).toMatchObject({ schema: {}, options: {}, example: null, message: "cleared", expected_pages: 4 });
    const v1 = await call("GET", "/v1/templates/doc@1", { key });
    expect(v1.json).toMatchObject({
      schema: { type: "object", required: ["a"] },
      options: { landscape: true },
      example: { a: 1 },
      version: 1,
      latest_version: 2,
    });
  });

  it("replaces fields that are given and updates the description", async () => {
    const { key } = await setup();
    const res = await call("POST", "/v1/templates/doc/versions", {
      key,
      body: { source: "x", engine: "satori", expected_pages: 2, example: { b: 2 }, description: "New" },
    });
    expect(res.json).toMatchObject({ engine: "satori", expected_pages: 2, example: { b: 2 }, description: "New" });
  });

  it.each([
    [{}, "source"],
    [{ source: "" }, "source"],
    [{ source: "{% if %}" }, "source"],
    [{ source: "{% include 'x' %}" }, "source"],
    [{ source: "x", engine: "other" }, "engine"],
    [{ source: "x", schema: { type: 5 } }, "schema.type"],
    [{ source: "x", schema: null }, "schema"],
    [{ source: "x", options: { nope: 1 } }, "options.nope"],
    [{ source: "x", expected_pages: 2001 }, "expected_pages"],
    [{ source: "x", name: "other" }, "name"],
  ])("re-validates everything: %j is refused at %s", async (body, path) => {
    const { key } = await setup();
    const error = expectError(await call("POST", "/v1/templates/doc/versions", { key, body }), 400, "invalid_request");
    expect(error.errors?.map((e) => e.path)).toContain(path);
  });

  it("re-validates the inherited definition too (header Liquid is checked with the new source)", async () => {
    const { key } = await setup();
    expect(
      (
        await call("POST", "/v1/templates/doc/versions", {
          key,
          body: { source: "ok", options: { footer_html: '<span class="pageNumber"></span>' } },
        })
      ).status,
    ).toBe(201);
  });

  it("takes a bare name only and 404s unknown templates", async () => {
    const { key } = await setup();
    expectError(
      await call("POST", "/v1/templates/doc@1/versions", { key, body: { source: "x" } }),
      400,
      "invalid_request",
    );
    expectError(await call("POST", "/v1/templates/missing/versions", { key, body: { source: "x" } }), 404, "not_found");
  });

  it("resolves the name case-insensitively", async () => {
    const { key } = await setup();
    expect((await call("POST", "/v1/templates/DOC/versions", { key, body: { source: "y" } })).json.ref).toBe("doc@2");
  });

  it("gives concurrent publishes distinct consecutive numbers", async () => {
    const { key } = await setup();
    const results = await Promise.all(
      [1, 2, 3, 4].map((i) => call("POST", "/v1/templates/doc/versions", { key, body: { source: `v${i}` } })),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(results.map((r) => r.json.version).sort()).toEqual([2, 3, 4, 5]);
  });
});

describe("GET /v1/templates/{name}/versions", () => {
  it("lists versions newest first with metadata only", async () => {
    const { key } = await setup();
    await call("POST", "/v1/templates/doc/versions", { key, body: { source: "two", message: "second" } });
    const res = await call("GET", "/v1/templates/doc/versions", { key });
    expect(res.status).toBe(200);
    expect(res.json.object).toBe("list");
    expect(res.json.data.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(res.json.data[0]).toEqual({
      object: "template_version",
      id: expect.stringMatching(/^tv_[a-z0-9]{24}$/),
      template: "doc",
      ref: "doc@2",
      version: 2,
      engine: "chromium",
      checksum: expect.stringMatching(/^[0-9a-f]{64}$/),
      message: "second",
      created_at: expect.any(String),
    });
  });

  it("404s an unknown template and 400s a reference", async () => {
    const { key } = await setup();
    expectError(await call("GET", "/v1/templates/nope/versions", { key }), 404, "not_found");
    expectError(await call("GET", "/v1/templates/doc@2/versions", { key }), 400, "invalid_request");
  });
});
