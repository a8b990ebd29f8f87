import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { call, expectError, newAccount } from "../../helpers";
import { until } from "../../poll";

const CARD = {
  name: "card",
  engine: "satori",
  source: "<div style='display:flex;font-size:40px'>Batch {{ n }}</div>",
  schema: { type: "object", required: ["n"] },
};

async function setup() {
  const { api_key: key } = await newAccount();
  await call("POST", "/v1/templates", { key, body: CARD });
  return key;
}

describe("POST /v1/render/batch whole-call errors", () => {
  it.each([
    ["no body", undefined, "{not json"],
    ["renders missing", {}, undefined],
    ["renders not an array", { renders: { template: "card" } }, undefined],
    ["renders empty", { renders: [] }, undefined],
  ])("answers 400 for %s", async (_, body, rawBody) => {
    const key = await setup();
    expectError(await call("POST", "/v1/render/batch", { key, body, rawBody }), 400, "invalid_request");
  });

  it("refuses 51 items with details {received, max} and queues nothing", async () => {
    const key = await setup();
    const renders = Array.from({ length: 51 }, (_, n) => ({ template: "card", data: { n } }));
    const error = expectError(
      await call("POST", "/v1/render/batch", { key, body: { renders } }),
      400,
      "invalid_request",
    );
    expect(error.details).toEqual({ received: 51, max: 50 });
    expect((await call("GET", "/v1/renders", { key })).json.data).toEqual([]);
  });
});

describe("POST /v1/render/batch", () => {
  it("queues every item, returns cached ones finished and failing ones as error entries, in submission order", async () => {
    const key = await setup();
    await call("POST", "/v1/render", { key, body: { template: "card", data: { n: "warm" } } });
    const res = await call("POST", "/v1/render/batch", {
      key,
      body: {
        renders: [
          { template: "card", data: { n: 1 } },
          { template: "card", data: { n: "warm" } },
          { template: "missing", data: {} },
          { template: "card", data: {} },
          { template: "card@zero" },
          { template: "card", data: { n: 2 }, format: "webp" },
          { template: "card", data: { n: 3 } },
        ],
      },
    });
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ object: "batch", count: 7, queued: 2, cached: 1 });
    expect(res.json.id).toMatch(/^bat_[a-z0-9]{24}$/);
    const entries = res.json.renders;
    expect(entries.map((e: { index: number }) => e.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(entries[0]).toMatchObject({ object: "render", status: "queued", batch_id: res.json.id, url: null });
    expect(entries[1]).toMatchObject({ object: "render", status: "succeeded", cached: true, batch_id: res.json.id });
    expect(entries[1].url).toBeTruthy();
    expect(entries[2]).toMatchObject({ object: "error", error: { type: "not_found" } });
    expect(entries[3]).toMatchObject({ object: "error", error: { type: "validation_error" } });
    expect(entries[3].error.errors[0]).toMatchObject({ path: "data.n", received: "missing" });
    expect(entries[4]).toMatchObject({
      object: "error",
      error: { type: "invalid_request", errors: [{ path: "renders[4].template" }] },
    });
    expect(entries[5]).toMatchObject({
      object: "error",
      error: { type: "invalid_request", details: { note: expect.any(String) } },
    });
    expect(entries[6]).toMatchObject({ status: "queued" });

    const listed = await call("GET", `/v1/renders?batch_id=${res.json.id}`, { key });
    expect(listed.json.data).toHaveLength(3);
    const done = await until(
      () => call("GET", `/v1/renders/${entries[0].id}`, { key }),
      (r) => r.json.status !== "queued",
    );
    expect(done.json).toMatchObject({ status: "succeeded", batch_id: res.json.id });
  });

  it("never renders inline, even for a satori template", async () => {
    const key = await setup();
    const res = await call("POST", "/v1/render/batch", {
      key,
      body: { renders: [{ template: "card", data: { n: "never-inline" } }] },
    });
    expect(res.json.renders[0].status).toBe("queued");
  });

  it("uses the top-level webhook_url as the default, and each item fires its own webhook", async () => {
    const key = await setup();
    const tag = `ok-batch-${crypto.randomUUID()}`;
    const own = `ok-own-${crypto.randomUUID()}`;
    const base = inject("receiverUrl");
    const res = await call("POST", "/v1/render/batch", {
      key,
      body: {
        webhook_url: `${base}/${tag}`,
        renders: [
          { template: "card", data: { n: "h1" } },
          { template: "card", data: { n: "h2" } },
          { template: "card", data: { n: "h3" }, webhook_url: `${base}/${own}` },
        ],
      },
    });
    expect(res.json.renders.map((r: { webhook_status: string }) => r.webhook_status)).toEqual([
      "pending",
      "pending",
      "pending",
    ]);
    const log = async (key: string) =>
      (await (await fetch(`${base}/log/${key}`)).json()) as Array<{ headers: Record<string, string> }>;
    const shared = await until(
      () => log(tag),
      (l) => l.length >= 2,
    );
    expect(new Set(shared.map((d) => d.headers["x-service-delivery"]))).toEqual(
      new Set([res.json.renders[0].id, res.json.renders[1].id]),
    );
    const separate = await until(
      () => log(own),
      (l) => l.length >= 1,
    );
    expect(separate.map((d) => d.headers["x-service-delivery"])).toEqual([res.json.renders[2].id]);
    expect(env.RENDER_QUEUE).toBeDefined();
  });

  it("refuses a relative webhook_url per item without failing the others", async () => {
    const key = await setup();
    const res = await call("POST", "/v1/render/batch", {
      key,
      body: {
        renders: [
          { template: "card", data: { n: "a" }, webhook_url: "/hooks" },
          { template: "card", data: { n: "b" } },
        ],
      },
    });
    expect(res.status).toBe(202);
    expect(res.json.renders[0]).toMatchObject({
      object: "error",
      error: { type: "invalid_request", errors: [{ path: "renders[0].webhook_url" }] },
    });
    expect(res.json.renders[1].status).toBe("queued");
  });
});
