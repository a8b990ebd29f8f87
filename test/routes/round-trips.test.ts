import { describe, expect, it } from "vitest";
import type { Env } from "../../src/env";
import { config } from "../../src/lib/config";
import { call, expectError, newAccount } from "../helpers";

const CARD = { name: "card", engine: "satori", source: "<div style='display:flex;font-size:48px'>Hi {{ who }}</div>" };
/** 10 ms on every call to the data: enough that calls made one after the other never seem to overlap. */
const EDGE = { "x-latency-model": "edge=10" };
const crossings = (headers: Headers) => headers.get("x-round-trips")?.split(";")[0];

describe("the latency model (docs/round-trips.md#latency-model)", () => {
  it("is a development switch that production ignores", () => {
    const settings = (environment: string) =>
      config({ ENVIRONMENT: environment, LATENCY_MODEL: "on" } as unknown as Env).latencyModel;
    expect(settings("development")).toBe(true);
    expect(settings("production")).toBe(false);
  });

  it("counts each path's sequential round trips to the data", async () => {
    const { api_key: key } = await newAccount();
    await call("POST", "/v1/templates", { key, body: CARD });
    const body = { template: "card", data: { who: "far away" } };
    const fresh = await call("POST", "/v1/render", { key, body, headers: EDGE });
    // The key; the rate window with the template; the cache; the reservation with the gate; billing; the file; the row.
    expect(crossings(fresh.headers)).toBe("7");
    const hit = await call("POST", "/v1/render", { key, body, headers: EDGE });
    expect(hit.json.cached).toBe(true);
    // The key; the rate window with the template; the cache hit found and recorded in one statement.
    expect(crossings(hit.headers)).toBe("3");
    const preview = await call("POST", "/v1/previews", { key, body, headers: EDGE });
    expect(preview.status).toBe(200);
    // The key; the preview window with the template (a card renders in the Worker, with no slot to wait for).
    expect(crossings(preview.headers)).toBe("2");
    const refused = await call("GET", "/v1/renders", { key: `folio_sk_${"A".repeat(40)}`, headers: EDGE });
    expectError(refused, 401, "authentication_error");
    expect(crossings(refused.headers)).toBe("1");
    const unasked = await call("POST", "/v1/render", { key, body });
    expect(unasked.headers.get("x-round-trips")).toBeNull();
  });
});

describe("GET /v1/renders/{id} near the caller (docs/round-trips.md#replica-reads)", () => {
  it("answers a finished render from a nearby replica and looks for anything else on the primary", async () => {
    const { api_key: key } = await newAccount();
    await call("POST", "/v1/templates", { key, body: CARD });
    const finished = await call("POST", "/v1/render", { key, body: { template: "card", data: { who: "done" } } });
    const read = await call("GET", `/v1/renders/${finished.json.id}`, { key, headers: EDGE });
    expect(read.json).toMatchObject({ id: finished.json.id, status: "succeeded" });
    expect(crossings(read.headers)).toBe("1");
    // Not on the replica: asked again of the primary before the answer is a 404.
    const absent = await call("GET", "/v1/renders/rnd_000000000000000000000000", { key, headers: EDGE });
    expectError(absent, 404, "not_found");
    expect(crossings(absent.headers)).toBe("2");
  });
});

describe("a cache hit's row", () => {
  it("names the stored file of the finished render it answers from", async () => {
    const { api_key: key } = await newAccount();
    await call("POST", "/v1/templates", { key, body: CARD });
    const body = { template: "card", data: { who: "kept" } };
    const first = await call("POST", "/v1/render", { key, body });
    const hit = await call("POST", "/v1/render", { key, body });
    expect(hit.json).toMatchObject({ cached: true, billable_units: 0, page_count: 1, byte_size: first.json.byte_size });
    const files = await Promise.all(
      [first, hit].map((r) => call("GET", new URL(r.json.url).pathname + new URL(r.json.url).search)),
    );
    expect(files.map((f) => f.status)).toEqual([200, 200]);
    expect(files[1]?.text).toBe(files[0]?.text);
  });
});
