import { describe, expect, it } from "vitest";
import { call, expectError, INTERNAL, newAccount } from "../helpers";

const CARD = { name: "card", engine: "satori", source: "<div style='display:flex'>Meter {{ n }}</div>" };

async function setup(body: Record<string, unknown> = {}) {
  const created = await newAccount({
    limits: { renders_per_minute: 1000, ...((body.limits as object) ?? {}) },
    ...Object.fromEntries(Object.entries(body).filter(([k]) => k !== "limits")),
  });
  await call("POST", "/v1/templates", { key: created.api_key, body: CARD });
  return created;
}

const render = (key: string, n: unknown, extra: Record<string, unknown> = {}) =>
  call("POST", "/v1/render", { key, body: { template: "card", data: { n }, ...extra } });
const usage = async (key: string) => (await call("GET", "/v1/usage", { key })).json;

describe("free allowance", () => {
  it("answers the 101st raster render of the month with 402 quota_exceeded and resets_on", async () => {
    const { api_key: key } = await setup();
    for (let n = 1; n <= 100; n++) expect((await render(key, n)).status).toBe(200);
    const error = expectError(await render(key, 101), 402, "quota_exceeded");
    expect(error.details).toMatchObject({ estimated_units: 1 });
    expect(error.message).toBe(
      "The plan's 100 units this month (a PDF page or an image each) are used up: this render needs an estimated 1 unit.",
    );
    expect(error.details.resets_on).toMatch(/^\d{4}-\d{2}-01$/);
    const now = new Date();
    expect(error.details.resets_on).toBe(
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10),
    );
    expect((await render(key, 1)).json.cached).toBe(true);
    const u = await usage(key);
    expect(u.units).toEqual({ used: 100, included: 100, remaining: 0 });
    expect(u.renders).toEqual({ succeeded: 100, failed: 0, cached: 1 });
  });

  it("admits exactly the remaining units when 100 renders arrive at once", async () => {
    const { api_key: key, account } = await setup({ limits: { free_renders_per_month: 10 } });
    const results = await Promise.all(Array.from({ length: 100 }, (_, n) => render(key, `c${n}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 402)).toHaveLength(90);
    const u = await usage(key);
    expect(u.units).toEqual({ used: 10, included: 10, remaining: 0 });
    expect(u.account).toBe(account.id);
  });
});

describe("trial", () => {
  it("renders 50 times, then answers 402 with next_step", async () => {
    const trial = (await call("POST", "/v1/internal/trials", { headers: INTERNAL })).json;
    const key = trial.api_key;
    await call("PATCH", `/v1/internal/accounts/${trial.account.id}`, {
      headers: INTERNAL,
      body: { limits: { renders_per_minute: 1000 } },
    });
    await call("POST", "/v1/templates", { key, body: CARD });
    for (let n = 1; n <= 50; n++) expect((await render(key, n)).status).toBe(200);
    const error = expectError(await render(key, 51), 402, "quota_exceeded");
    expect(error.details.next_step).toMatch(/upgrade/i);
    expect(error.details.next_step).toContain("50 units in all (a PDF page or an image each)");
    expect(error.message).toBe(
      "The trial's 50 units (a PDF page or an image each) are used up: this render needs an estimated 1 unit.",
    );
    expect(error.details.estimated_units).toBe(1);
    expect((await usage(key)).trial).toEqual({ renders_total: 50, renders_used: 50, renders_remaining: 0 });
  });
});

describe("spend cap", () => {
  it("refuses a payg render that would pass the cap with spend_cap_exceeded and the estimate", async () => {
    const { api_key: key } = await setup({
      plan: "payg",
      limits: { free_renders_per_month: 2, monthly_spend_cap_usd: 0.02 },
    });
    for (let n = 1; n <= 4; n++) expect((await render(key, n)).status).toBe(200);
    const error = expectError(await render(key, 5), 402, "spend_cap_exceeded");
    expect(error.details).toMatchObject({ estimated_units: 1, monthly_spend_cap_usd: 0.02 });
    const u = await usage(key);
    expect(u.cost_usd).toEqual({ period_to_date: 0.02, unit_price: 0.01 });
    expect(u.spend_cap_remaining_usd).toBe(0);
    expect(u.units).toMatchObject({ used: 4, included: 2 });
  });

  it("estimates a PDF with expected_pages before it starts", async () => {
    const { api_key: key } = await setup({ limits: { free_renders_per_month: 5 } });
    await call("POST", "/v1/templates", { key, body: { name: "long", source: "<p>{{ n }}</p>", expected_pages: 6 } });
    const error = expectError(
      await call("POST", "/v1/render", { key, body: { template: "long", data: { n: 1 } } }),
      402,
      "quota_exceeded",
    );
    expect(error.details.estimated_units).toBe(6);
  });
});

describe("usage", () => {
  it("leaves usage unchanged on a cache hit and charges nothing for a failed render", async () => {
    const { api_key: key } = await setup();
    await render(key, "once");
    const before = await usage(key);
    expect((await render(key, "once")).json.cached).toBe(true);
    await call("POST", "/v1/templates", {
      key,
      body: { name: "broken", engine: "satori", source: "<div style='display:flex'>{{ n | nope }}</div>" },
    });
    expectError(
      await call("POST", "/v1/render", { key, body: { template: "broken", data: { n: 1 } } }),
      500,
      "render_failed",
    );
    const after = await usage(key);
    expect(after.units).toEqual(before.units);
    expect(after.cost_usd).toEqual(before.cost_usd);
    expect(after.renders).toEqual({ succeeded: 1, failed: 1, cached: 1 });
    expect(after).toMatchObject({
      object: "usage",
      plan: "free",
      spend_cap_usd: 0,
      trial: null,
      rate_limit: { renders_per_minute: 1000, window_seconds: 60 },
    });
    expect(new Date(after.period.start).getUTCDate()).toBe(1);
  });
});
