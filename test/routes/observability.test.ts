import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { Env } from "../../src/env";
import worker from "../../src/index";
import { call, expectError, INTERNAL, newAccount } from "../helpers";

const CARD = {
  name: "card",
  engine: "satori",
  source: "<div style='display:flex;font-size:48px'>Hello {{ who }}</div>",
};
const LOG_FIELDS = [
  "level",
  "message",
  "request_id",
  "account_id",
  "method",
  "route",
  "status",
  "duration_ms",
  "render_id",
  "engine",
  "driver",
  "pages",
  "cache_hit",
  "timings",
];

/** The JSON request lines the Worker printed while `work` ran. */
// biome-ignore lint/suspicious/noExplicitAny: request log lines are read loosely; the assertions judge each key
async function requestLines(work: () => Promise<unknown>): Promise<Array<Record<string, any>>> {
  const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
  let printed: string[];
  try {
    await work();
  } finally {
    printed = log.mock.calls.map(([line]) => String(line));
    log.mockRestore();
  }
  return (
    printed
      .filter((line) => line.startsWith("{"))
      // biome-ignore lint/suspicious/noExplicitAny: request log lines are read loosely; the assertions judge each key
      .map((line) => JSON.parse(line) as Record<string, any>)
      .filter((line) => line.message === "request")
  );
}

/** `Server-Timing` as phase -> milliseconds. */
function serverTiming(header: string | null): Record<string, number> {
  return Object.fromEntries(
    (header ?? "")
      .split(",")
      .filter(Boolean)
      .map((entry) => {
        const [name, duration] = entry.trim().split(";dur=");
        return [name!, Number(duration)];
      }),
  );
}

describe("one structured log line per request", () => {
  it("names the request, the account, the route, the outcome and the render it answered with", async () => {
    const { api_key: key, account } = await newAccount();
    expect((await call("POST", "/v1/templates", { key, body: CARD })).status).toBe(201);
    let res!: Awaited<ReturnType<typeof call<{ id: string }>>>;
    const lines = await requestLines(
      async () =>
        (res = await call("POST", "/v1/render", {
          key,
          body: { template: "card", data: { who: "Ada" } },
          headers: { "x-request-id": "trace-render-1" },
        })),
    );
    expect(res.status).toBe(200);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(Object.keys(line!)).toEqual(LOG_FIELDS);
    expect(line).toMatchObject({
      level: "info",
      request_id: "trace-render-1",
      account_id: account.id,
      method: "POST",
      route: "/v1/render",
      status: 200,
      render_id: res.json.id,
      engine: "satori",
      driver: null,
      pages: 1,
      cache_hit: false,
    });
    expect(line!.duration_ms).toBeGreaterThanOrEqual(0);
    expect(Object.keys(line!.timings).sort()).toEqual(["admission", "render", "store", "template"]);

    const again = await requestLines(() =>
      call("POST", "/v1/render", { key, body: { template: "card", data: { who: "Ada" } } }),
    );
    expect(again[0]).toMatchObject({
      route: "/v1/render",
      status: 200,
      engine: "satori",
      driver: null,
      pages: 1,
      cache_hit: true,
    });
    expect(again[0]!.render_id).toMatch(/^rnd_/);
    expect(again[0]!.render_id).not.toBe(res.json.id);
  });

  it("logs requests without an account or a render, refusals included", async () => {
    const [health] = await requestLines(() => call("GET", "/healthz"));
    expect(health).toMatchObject({
      account_id: null,
      method: "GET",
      route: "/healthz",
      render_id: null,
      engine: null,
      driver: null,
      pages: null,
      cache_hit: null,
      timings: null,
    });
    expect(health!.request_id).toMatch(/^req_/);
    const [refused] = await requestLines(() =>
      call("POST", "/v1/render", { key: "folio_sk_nope", body: { template: "card" } }),
    );
    expect(refused).toMatchObject({ status: 401, account_id: null, render_id: null });
  });

  it("is left out on a development server started with REQUEST_LOG=off (npm run dev), never in production", async () => {
    const fetchWith = async (vars: Partial<Env>) => {
      const ctx = createExecutionContext();
      const res = await worker.fetch(new Request("http://localhost/no-such-page"), { ...(env as Env), ...vars }, ctx);
      await waitOnExecutionContext(ctx);
      return res;
    };
    let quiet: Response | undefined;
    expect(await requestLines(async () => (quiet = await fetchWith({ REQUEST_LOG: "off" })))).toEqual([]);
    // Everything else about the request is as ever.
    expect(quiet!.status).toBe(404);
    expect(quiet!.headers.get("x-request-id")).toMatch(/^req_/);
    expect(await requestLines(() => fetchWith({ REQUEST_LOG: "json" }))).toHaveLength(1);
    expect(await requestLines(() => fetchWith({ REQUEST_LOG: "off", ENVIRONMENT: "production" }))).toMatchObject([
      { status: 404, route: "/*" },
    ]);
  });
});

describe("Server-Timing on render answers", () => {
  it("breaks a render down into admission, template, render and store; a cache hit into admission alone", async () => {
    const { api_key: key } = await newAccount();
    expect((await call("POST", "/v1/templates", { key, body: CARD })).status).toBe(201);
    const rendered = await call("POST", "/v1/render", { key, body: { template: "card", data: { who: "Grace" } } });
    expect(rendered.status).toBe(200);
    const phases = serverTiming(rendered.headers.get("server-timing"));
    expect(Object.keys(phases).sort()).toEqual(["admission", "render", "store", "template"]);
    for (const ms of Object.values(phases)) expect(ms).toBeGreaterThanOrEqual(0);

    const hit = await call("POST", "/v1/render", { key, body: { template: "card", data: { who: "Grace" } } });
    expect(hit.json.cached).toBe(true);
    expect(Object.keys(serverTiming(hit.headers.get("server-timing")))).toEqual(["admission"]);

    const preview = await call("POST", "/v1/previews", { key, body: { template: "card", data: { who: "Preview" } } });
    expect(preview.status).toBe(200);
    expect(Object.keys(serverTiming(preview.headers.get("server-timing"))).sort()).toEqual([
      "admission",
      "render",
      "template",
    ]);
    expect((await call("GET", "/v1/templates", { key })).headers.get("server-timing")).toBeNull();
  });
});

describe("GET /healthz?detail=1", () => {
  it("adds the renderer's driver and counters for a caller with the internal secret, and only then", async () => {
    const plain = await call("GET", "/healthz");
    expect(plain.json.renderer_stats).toBeUndefined();
    expectError(await call("GET", "/healthz?detail=1"), 401, "authentication_error");
    const detail = await call("GET", "/healthz?detail=1", { headers: INTERNAL });
    // The workers project points RENDER_BACKEND_URL at a backend that does not run: the driver is named, and why there are no counters.
    expect(detail.json.renderer_stats).toMatchObject({ driver: "backend", error: expect.any(String) });
    expect(detail.json.checks).toEqual(plain.json.checks);
  });
});
