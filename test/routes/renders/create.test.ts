import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, expectError, newAccount } from "../../helpers";

const CARD = {
  name: "card",
  engine: "satori",
  source: "<div style='display:flex;font-size:48px'>Hello {{ who }}</div>",
  schema: { type: "object", required: ["who"], properties: { who: { type: "string", minLength: 1 } } },
};

async function setup() {
  const { api_key: key, account } = await newAccount();
  expect((await call("POST", "/v1/templates", { key, body: CARD })).status).toBe(201);
  return { key, accountId: account.id };
}

describe("POST /v1/render refusals", () => {
  it.each([
    [{}, "template"],
    [{ template: 7 }, "template"],
    [{ template: "card@0" }, "template"],
    [{ template: "card@v3" }, "template"],
    [{ template: "card@-1" }, "template"],
    [{ template: "card@three" }, "template"],
    [{ template: "card", format: "gif" }, "format"],
    [{ template: "card", format: "webp" }, "format"],
    [{ template: "card", webhook_url: "/relative/hook" }, "webhook_url"],
    [{ template: "card", webhook_url: "not a url" }, "webhook_url"],
    [{ template: "card", webhook_url: "ftp://example.com/hook" }, "webhook_url"],
    [{ template: "card", options: { page_sise: "A4" } }, "options.page_sise"],
    [{ template: "card", options: { width: 0 } }, "options.width"],
    [{ template: "card", async: "yes" }, "async"],
    [{ template: "card", surprise: 1 }, "surprise"],
    [{ template: "card@2", version: 3 }, "version"],
  ])("answers %j with 400 at %s", async (body, path) => {
    const { key } = await setup();
    const error = expectError(await call("POST", "/v1/render", { key, body }), 400, "invalid_request");
    expect(error.errors?.map((e) => e.path)).toContain(path);
  });

  it("refuses webp with details.note", async () => {
    const { key } = await setup();
    const error = expectError(
      await call("POST", "/v1/render", { key, body: { template: "card", format: "webp" } }),
      400,
      "invalid_request",
    );
    expect(error.details.note).toMatch(/webp/);
  });

  it("refuses a body that is not JSON", async () => {
    const { key } = await setup();
    expectError(await call("POST", "/v1/render", { key, rawBody: "template=card" }), 400, "invalid_request");
  });

  it("404s an unknown template, an unknown version and a deleted template", async () => {
    const { key } = await setup();
    expectError(await call("POST", "/v1/render", { key, body: { template: "nope" } }), 404, "not_found");
    expectError(await call("POST", "/v1/render", { key, body: { template: "card@2" } }), 404, "not_found");
    expectError(await call("POST", "/v1/render", { key, body: { template: "card", version: 9 } }), 404, "not_found");
    await call("DELETE", "/v1/templates/card", { key });
    expectError(
      await call("POST", "/v1/render", { key, body: { template: "card@1", data: { who: "x" } } }),
      404,
      "not_found",
    );
  });

  it("answers 422 with the same field errors as validate, and an omitted data is {}", async () => {
    const { key } = await setup();
    const render = expectError(
      await call("POST", "/v1/render", { key, body: { template: "card", data: { who: "" } } }),
      422,
      "validation_error",
    );
    const validate = await call("POST", "/v1/templates/card/validate", { key, body: { data: { who: "" } } });
    expect(render.errors).toEqual(validate.json.errors);
    const omitted = expectError(
      await call("POST", "/v1/render", { key, body: { template: "card" } }),
      422,
      "validation_error",
    );
    expect(omitted.errors?.[0]).toMatchObject({ path: "data.who", received: "missing" });
  });
});

describe("POST /v1/render with satori (in the Worker)", () => {
  it("renders inline, stores the object under the cache key, and answers a repeat from the cache", async () => {
    const { key, accountId } = await setup();
    const first = await call("POST", "/v1/render", { key, body: { template: "card", data: { who: "Ada" } } });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      object: "render",
      status: "succeeded",
      template: "card@1",
      format: "png",
      engine: "satori",
      cached: false,
      page_count: 1,
      billable_units: 1,
      content_type: "image/png",
      webhook_status: null,
      webhook_attempts: 0,
      error: null,
    });
    expect(first.json.id).toMatch(/^rnd_[a-z0-9]{24}$/);
    expect(first.json).not.toHaveProperty("batch_id");
    const listed = await env.FILES.list({ prefix: `renders/${accountId}/` });
    expect(listed.objects.map((o) => o.key)).toEqual([
      expect.stringMatching(new RegExp(`^renders/${accountId}/[0-9a-f]{64}\\.png$`)),
    ]);
    expect(listed.objects[0]?.size).toBe(first.json.byte_size);

    const repeat = await call("POST", "/v1/render", {
      key,
      body: { template: "card", version: 1, data: { who: "Ada" }, format: "png", async: true },
    });
    expect(repeat.status).toBe(200);
    expect(repeat.json).toMatchObject({
      cached: true,
      billable_units: 0,
      byte_size: first.json.byte_size,
      status: "succeeded",
    });
    expect(repeat.json.id).not.toBe(first.json.id);
    expect((await env.FILES.list({ prefix: `renders/${accountId}/` })).objects).toHaveLength(1);

    const file = await call("GET", new URL(repeat.json.url).pathname + new URL(repeat.json.url).search);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
  });

  it("never shares the cache across accounts", async () => {
    const a = await setup();
    const b = await setup();
    await call("POST", "/v1/render", { key: a.key, body: { template: "card", data: { who: "Same" } } });
    const other = await call("POST", "/v1/render", { key: b.key, body: { template: "card", data: { who: "Same" } } });
    expect(other.json.cached).toBe(false);
  });

  it("changes the cache key with the data, the format, the options or the template checksum, not with key order", async () => {
    const { key } = await setup();
    const base = await call("POST", "/v1/render", {
      key,
      body: { template: "card", data: { who: "A", n: { x: 1, y: 2 } } },
    });
    const reordered = await call("POST", "/v1/render", {
      key,
      body: { template: "card", data: { n: { y: 2, x: 1 }, who: "A" } },
    });
    expect(reordered.json.cached).toBe(true);
    const options = await call("POST", "/v1/render", {
      key,
      body: { template: "card", data: { who: "A", n: { x: 1, y: 2 } }, options: { width: 600 } },
    });
    expect(options.json.cached).toBe(false);
    await call("POST", "/v1/templates/card/versions", {
      key,
      body: { source: CARD.source, message: "same definition" },
    });
    const sameChecksum = await call("POST", "/v1/render", {
      key,
      body: { template: "card@2", data: { who: "A", n: { x: 1, y: 2 } } },
    });
    expect(sameChecksum.json).toMatchObject({ cached: true, template: "card@2" });
    expect(base.json.cached).toBe(false);
  });
});
