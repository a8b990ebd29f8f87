import { describe, expect, it } from "vitest";
import { call, expectError, INTERNAL, newAccount } from "../../helpers";

const CARD = { name: "card", engine: "satori", source: "<div style='display:flex'>Rate {{ n }}</div>" };

async function setup(body: Record<string, unknown> = {}) {
  const created = await newAccount(body);
  await call("POST", "/v1/templates", { key: created.api_key, body: CARD });
  return created;
}

describe("rate limits", () => {
  it("admits 60 renders a minute on the free plan with the headers, and answers the 61st with 429 and Retry-After", async () => {
    const { api_key: key } = await setup();
    for (let i = 1; i <= 60; i++) {
      const res = await call("POST", "/v1/render", { key, body: { template: "card", data: { n: 1 } } });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-ratelimit-limit")).toBe("60");
      expect(res.headers.get("x-ratelimit-remaining")).toBe(String(60 - i));
      expect(Number(res.headers.get("x-ratelimit-reset"))).toBeGreaterThan(0);
    }
    const refused = await call("POST", "/v1/render", { key, body: { template: "card", data: { n: 1 } } });
    const error = expectError(refused, 429, "rate_limited");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(error.details).toMatchObject({ limit: 60, window_seconds: 60 });
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
  });

  it("counts each API key of an account separately", async () => {
    const { api_key: key, account } = await setup({ limits: { renders_per_minute: 2 } });
    const other = (await call("POST", `/v1/internal/accounts/${account.id}/keys`, { headers: INTERNAL })).json.api_key;
    for (let i = 0; i < 2; i++)
      expect((await call("POST", "/v1/render", { key, body: { template: "card", data: { n: 2 } } })).status).toBe(200);
    expectError(
      await call("POST", "/v1/render", { key, body: { template: "card", data: { n: 2 } } }),
      429,
      "rate_limited",
    );
    expect((await call("POST", "/v1/render", { key: other, body: { template: "card", data: { n: 2 } } })).status).toBe(
      200,
    );
  });

  it("spends one unit per batch item and refuses a batch that does not fit whole", async () => {
    const { api_key: key } = await setup({ limits: { renders_per_minute: 3 } });
    const renders = (n: number) => Array.from({ length: n }, (_, i) => ({ template: "card", data: { n: `b${i}` } }));
    expect((await call("POST", "/v1/render/batch", { key, body: { renders: renders(2) } })).status).toBe(202);
    expectError(await call("POST", "/v1/render/batch", { key, body: { renders: renders(2) } }), 429, "rate_limited");
    expect((await call("POST", "/v1/render/batch", { key, body: { renders: renders(1) } })).status).toBe(202);
  });

  it("does not count a malformed request, and refuses a counted one with 429 before judging its template", async () => {
    const { api_key: key } = await setup({ limits: { renders_per_minute: 1 } });
    for (let i = 0; i < 3; i++)
      expectError(
        await call("POST", "/v1/render", { key, body: { template: "card", format: "gif" } }),
        400,
        "invalid_request",
      );
    expect((await call("POST", "/v1/render", { key, body: { template: "card", data: { n: 5 } } })).status).toBe(200);
    expectError(await call("POST", "/v1/render", { key, body: { template: "no-such-template" } }), 429, "rate_limited");
  });

  it("gives paid plans 600 a minute", async () => {
    const { api_key: key } = await setup({ plan: "starter" });
    const res = await call("POST", "/v1/render", { key, body: { template: "card", data: { n: 3 } } });
    expect(res.headers.get("x-ratelimit-limit")).toBe("600");
  });
});

describe("suspension", () => {
  it("refuses renders and batches with 403 while reads still work", async () => {
    const { api_key: key, account } = await setup();
    await call("PATCH", `/v1/internal/accounts/${account.id}`, { headers: INTERNAL, body: { status: "suspended" } });
    expectError(
      await call("POST", "/v1/render", { key, body: { template: "card", data: { n: 4 } } }),
      403,
      "permission_error",
    );
    expectError(
      await call("POST", "/v1/render/batch", { key, body: { renders: [{ template: "card" }] } }),
      403,
      "permission_error",
    );
    expect((await call("GET", "/v1/templates", { key })).status).toBe(200);
    expect((await call("GET", "/v1/renders", { key })).status).toBe(200);
    await call("PATCH", `/v1/internal/accounts/${account.id}`, { headers: INTERNAL, body: { status: "active" } });
    expect((await call("POST", "/v1/render", { key, body: { template: "card", data: { n: 4 } } })).status).toBe(200);
  });
});
