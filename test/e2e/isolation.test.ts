import { describe, expect, it } from "vitest";
import { api, createTemplate, download, fixture, fixtureJson, inspectPdf, internal, waitForRender } from "./client";

// A document far longer than any account can pay for: about 1,000 A4 pages of nothing but height.
const THOUSAND_PAGES = `<div style="height:11700in"></div>`;
// A hundred-byte template that lays out about a million pages: printing it whole takes minutes.
const MILLION_PAGES = `<div style="height:12000000in">{{ n }}</div>`;

async function account(body: Record<string, unknown>): Promise<string> {
  const created = await internal("POST", "/v1/internal/accounts", { name: "isolation", ...body });
  expect(created.status).toBe(201);
  return created.json.api_key;
}

const usage = async (key: string) => (await api("GET", "/v1/usage", undefined, key)).json;

describe("a render never bills more than the account can still pay for", () => {
  it("stops a free account's document at its allowance: 402, nothing billed, nothing stored", async () => {
    const key = await account({});
    const template = await createTemplate({ name: "long", source: THOUSAND_PAGES }, key);
    const res = await api("POST", "/v1/render", { template }, key);
    expect(res.status, JSON.stringify(res.json)).toBe(402);
    expect(res.json.error).toMatchObject({ type: "quota_exceeded", details: { estimated_units: 101, max_units: 100 } });
    expect(res.json.error.details.resets_on).toMatch(/^\d{4}-\d{2}-01$/);
    expect((await usage(key)).units).toEqual({ used: 0, included: 100, remaining: 100 });
    const [recorded] = (await api("GET", "/v1/renders", undefined, key)).json.data;
    expect(recorded).toMatchObject({
      status: "failed",
      url: null,
      billable_units: null,
      error: { type: "quota_exceeded" },
    });
  });

  it("stops a trial at what is left of its 50 units", async () => {
    const trial = await internal("POST", "/v1/internal/trials");
    const key = trial.json.api_key;
    const template = await createTemplate({ name: "long", source: THOUSAND_PAGES }, key);
    const res = await api("POST", "/v1/render", { template }, key);
    expect(res.status).toBe(402);
    expect(res.json.error).toMatchObject({ type: "quota_exceeded", details: { estimated_units: 51, max_units: 50 } });
    expect(res.json.error.details.next_step).toMatch(/upgrade/i);
    // What is left and what it needs, never "used up" beside a count that says otherwise.
    expect(res.json.error.message).toMatch(
      /^This render does not fit in what is left of the trial's 50 units \(a PDF page or an image each\): 50 units left, and /,
    );
    expect(res.json.error.message).not.toContain("used up");
    expect((await usage(key)).trial).toEqual({ renders_total: 50, renders_used: 0, renders_remaining: 50 });
  });

  it("stops a payg account at what its $1 spend cap still pays for", async () => {
    const key = await account({ plan: "payg", limits: { monthly_spend_cap_usd: 1 } });
    const template = await createTemplate({ name: "long", source: THOUSAND_PAGES }, key);
    const res = await api("POST", "/v1/render", { template }, key);
    expect(res.status).toBe(402);
    expect(res.json.error).toMatchObject({
      type: "spend_cap_exceeded",
      details: { estimated_units: 201, max_units: 200 },
    });
    expect((await usage(key)).cost_usd.period_to_date).toBe(0);
  });

  it("fails a queued render that passes the ceiling with the same error, and releases what it held", async () => {
    const key = await account({ limits: { free_renders_per_month: 30 } });
    const template = await createTemplate({ name: "long", source: THOUSAND_PAGES, expected_pages: 2 }, key);
    const queued = await api("POST", "/v1/render", { template, async: true }, key);
    expect(queued.status).toBe(202);
    const done = await waitForRender(queued.json.id, key);
    expect(done).toMatchObject({
      status: "failed",
      url: null,
      error: { type: "quota_exceeded", details: { estimated_units: 31, max_units: 30 } },
    });
    expect((await usage(key)).units).toEqual({ used: 0, included: 30, remaining: 30 });
  });

  it("bills a document that fits in full, pages as produced", async () => {
    const key = await account({ limits: { free_renders_per_month: 30 } });
    const template = await createTemplate({ name: "fits", source: `<div style="height:250in"></div>` }, key);
    const res = await api("POST", "/v1/render", { template }, key);
    expect(res.status).toBe(200);
    const pages = (await inspectPdf((await download(res.json.url)).bytes)).pages;
    expect(pages).toBeGreaterThan(20);
    expect(res.json).toMatchObject({ page_count: pages, billable_units: pages });
    expect((await usage(key)).units.used).toBe(pages);
  });
});

describe("identical renders in flight at once", () => {
  it("ten identical 3-page renders make one render, billed 3 units", async () => {
    const key = await account({ limits: { renders_per_minute: 1000 } });
    const template = await createTemplate(
      { name: "three", source: `<div style="height:30in">{{ n }}</div>`, expected_pages: 3 },
      key,
    );
    const results = await Promise.all(
      Array.from({ length: 10 }, () => api("POST", "/v1/render", { template, data: { n: "same" } }, key)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(results.filter((r) => !r.json.cached).map((r) => r.json.billable_units)).toEqual([3]);
    expect(results.filter((r) => r.json.cached)).toHaveLength(9);
    expect((await usage(key)).units.used).toBe(3);
  });
});

describe("one account's slow renders never stall another's", () => {
  it("B's 1-page invoice succeeds within its own 10 s timeout while A keeps eight million-page renders going", async () => {
    const flooder = await account({ plan: "scale", limits: { renders_per_minute: 1000 } });
    const slow = await createTemplate({ name: "million", source: MILLION_PAGES }, flooder);
    // Each of A's renders holds a page for 12 s: longer than B's whole budget, so B must never wait behind them.
    const flood = Array.from({ length: 8 }, (_, n) =>
      api("POST", "/v1/render", { template: slow, data: { n }, options: { timeout_ms: 12_000 } }, flooder),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const neighbour = await account({});
    const invoice = await createTemplate(
      { name: "invoice", source: fixture("invoice.liquid.html"), schema: fixtureJson("invoice.schema.json") },
      neighbour,
    );
    const res = await api(
      "POST",
      "/v1/render",
      { template: invoice, data: fixtureJson("invoice.data.json"), options: { timeout_ms: 10_000 } },
      neighbour,
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ status: "succeeded", page_count: 1 });

    const outcomes = await Promise.all(flood);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe(500);
      expect(outcome.json.error).toMatchObject({ type: "render_failed", details: { stage: "browser" } });
    }
  }, 120_000);
});

describe("raster ceilings", () => {
  it("refuses a full-page PNG of a document taller than 16384 pixels as render_failed at stage layout", async () => {
    const key = await account({});
    const template = await createTemplate(
      { name: "tall", source: `<div style="height:17000px;background:linear-gradient(red,blue)"></div>` },
      key,
    );
    const res = await api("POST", "/v1/render", { template, format: "png" }, key);
    expect(res.status).toBe(500);
    expect(res.json.error).toMatchObject({
      type: "render_failed",
      details: { stage: "layout", max_pixels: 40_000_000, max_side: 16384, retryable: false },
    });
    const clipped = await api("POST", "/v1/render", { template, format: "png", options: { full_page: false } }, key);
    expect(clipped.status).toBe(200);
    expect((await usage(key)).units.used).toBe(1);
  });
});
