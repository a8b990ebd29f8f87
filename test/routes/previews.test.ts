import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, expectError, newAccount } from "../helpers";

const CARD_SOURCE =
  "<div style='display:flex;width:100%;height:100%;background:#fff;font-size:64px'>Hi {{ who }}</div>";
const CARD = {
  name: "card",
  engine: "satori",
  source: CARD_SOURCE,
  schema: { type: "object", required: ["who"], properties: { who: { type: "string" } } },
};

async function preview(key: string, body: Record<string, unknown>) {
  return call("POST", "/v1/previews", { key, body });
}

describe("POST /v1/previews", () => {
  it("answers an unsaved definition with the image's bytes, and stores, bills and lists nothing", async () => {
    const { api_key: key, account } = await newAccount();
    const res = await preview(key, { source: CARD_SOURCE, engine: "satori", data: { who: "Ada" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-service-page-count")).toBe("1");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.text.startsWith("\u0089PNG") || res.text.includes("PNG")).toBe(true);
    expect((await call("GET", "/v1/renders", { key })).json.data).toEqual([]);
    expect((await call("GET", "/v1/usage", { key })).json.units.used).toBe(0);
    expect((await env.FILES.list({ prefix: `renders/${account.id}/` })).objects).toHaveLength(0);
  });

  it("lays the PREVIEW watermark over the card: the preview differs from the render of the same request", async () => {
    const { api_key: key } = await newAccount();
    await call("POST", "/v1/templates", { key, body: CARD });
    const previewed = await preview(key, { template: "card", data: { who: "Ada" } });
    const rendered = await call("POST", "/v1/render", { key, body: { template: "card", data: { who: "Ada" } } });
    const file = await call("GET", new URL(rendered.json.url).pathname + new URL(rendered.json.url).search);
    expect(previewed.status).toBe(200);
    expect(file.status).toBe(200);
    expect(previewed.text).not.toBe(file.text);
  });

  it("draws the mark onto the card's output, so a trailing comment cannot swallow it", async () => {
    const { api_key: key } = await newAccount();
    const source = `${CARD.source}<!-- </div> -->`;
    await call("POST", "/v1/templates", { key, body: { ...CARD, name: "commented", source } });
    const previewed = await preview(key, { template: "commented", data: { who: "Ada" } });
    const rendered = await call("POST", "/v1/render", { key, body: { template: "commented", data: { who: "Ada" } } });
    const file = await call("GET", new URL(rendered.json.url).pathname + new URL(rendered.json.url).search);
    expect([previewed.status, file.status]).toEqual([200, 200]);
    expect(previewed.text).not.toBe(file.text);
  });

  it("refuses a request with both or neither of template and source, and a definition that would not create", async () => {
    const { api_key: key } = await newAccount();
    expect(expectError(await preview(key, { data: {} }), 400, "invalid_request").errors?.[0]?.path).toBe("source");
    expect(
      expectError(await preview(key, { template: "card", source: "<p/>" }), 400, "invalid_request").errors?.[0]?.path,
    ).toBe("template");
    expect(expectError(await preview(key, { source: "{% if %}" }), 400, "invalid_request").errors?.[0]?.path).toBe(
      "source",
    );
    expect(
      expectError(await preview(key, { source: "<p/>", schema: { type: "nope" } }), 400, "invalid_request").errors?.[0]
        ?.path,
    ).toMatch(/^schema/);
    expect(
      expectError(await preview(key, { source: "<p/>", colour: "red" }), 400, "invalid_request").errors?.[0]?.path,
    ).toBe("colour");
    expectError(await preview(key, { template: "missing", data: {} }), 404, "not_found");
    await call("POST", "/v1/templates", { key, body: CARD });
    expect(
      expectError(
        await preview(key, { template: "card", data: { who: "x" }, options: { quality: 50 } }),
        400,
        "invalid_request",
      ).errors?.[0]?.path,
    ).toBe("options.quality");
  });

  it("answers data that fails the schema with 422 and field errors rooted at data", async () => {
    const { api_key: key } = await newAccount();
    const res = expectError(
      await preview(key, { source: CARD.source, engine: "satori", schema: CARD.schema, data: { who: 42 } }),
      422,
      "validation_error",
    );
    expect(res.errors?.[0]).toMatchObject({ path: "data.who", expected: "string" });
  });

  it("refuses an asset the egress policy refuses with 400 asset_blocked", async () => {
    const { api_key: key } = await newAccount();
    const res = await preview(key, {
      engine: "satori",
      source: "<div style='display:flex'><img src='ftp://example.com/a.png' width='10' height='10'/></div>",
    });
    expect(expectError(res, 400, "asset_blocked").details).toMatchObject({ url: "ftp://example.com/a.png" });
  });

  it("has a window of its own: 30 previews a minute per key, then 429 with Retry-After, while renders go on", async () => {
    const { api_key: key } = await newAccount();
    await call("POST", "/v1/templates", { key, body: CARD });
    for (let n = 0; n < 30; n++)
      expect((await preview(key, { template: "card", data: { who: `p${n}` } })).status).toBe(200);
    const refused = await preview(key, { template: "card", data: { who: "one too many" } });
    expectError(refused, 429, "rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(
      (await call("POST", "/v1/render", { key, body: { template: "card", data: { who: "render" } } })).status,
    ).toBe(200);
  });
});

describe("POST /v1/trials", () => {
  it("starts a 50-render trial without a key, at most five an hour per address", async () => {
    const headers = { "cf-connecting-ip": `198.51.100.${Math.floor(Math.random() * 200)}` };
    const first = await call("POST", "/v1/trials", { headers });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ object: "trial", account: { trial: true } });
    expect((await call("GET", "/v1/usage", { key: first.json.api_key })).json.trial).toEqual({
      renders_total: 50,
      renders_used: 0,
      renders_remaining: 50,
    });
    for (let n = 0; n < 4; n++) expect((await call("POST", "/v1/trials", { headers })).status).toBe(201);
    const refused = expectError(await call("POST", "/v1/trials", { headers }), 429, "rate_limited");
    expect(refused.details).toMatchObject({ limit: 5, window_seconds: 3600 });
  });
});

describe("preview warnings", () => {
  it("come in X-Service-Warnings as base64url JSON, the same the template answers would carry", async () => {
    const { api_key: key } = await newAccount();
    const clean = await preview(key, { engine: "satori", source: CARD_SOURCE, data: { who: "x" } });
    expect(clean.headers.get("x-service-warnings")).toBeNull();
    const source =
      "<div style='display:flex'>{{ who }}{% if who == 'later' %}{{ 'now' | date: '%Y' }}{% endif %}</div>";
    const warned = await preview(key, { engine: "satori", source, data: { who: "x" } });
    expect(warned.status).toBe(200);
    const warnings = JSON.parse(Buffer.from(warned.headers.get("x-service-warnings")!, "base64url").toString("utf8"));
    expect(warnings).toEqual([expect.objectContaining({ code: "clock_read", path: "source" })]);
  });
});
