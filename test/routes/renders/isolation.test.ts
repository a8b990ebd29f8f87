import {
  createExecutionContext,
  createScheduledController,
  runDurableObjectAlarm,
  runInDurableObject,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import worker from "../../../src/index";
import { call, expectError, newAccount } from "../../helpers";
import { until } from "../../poll";

const CARD = { name: "card", engine: "satori", source: "<div style='display:flex;font-size:48px'>Hi {{ who }}</div>" };
const SIXTEEN_MINUTES_AGO = () => new Date(Date.now() - 16 * 60 * 1000).toISOString();

const meterOf = (accountId: string) => env.METER.get(env.METER.idFromName(accountId));

describe("identical renders in flight at once", () => {
  it("make one render, billed once; the others answer as cache hits", async () => {
    const { api_key: key } = await newAccount({ limits: { renders_per_minute: 1000 } });
    await call("POST", "/v1/templates", { key, body: CARD });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call("POST", "/v1/render", { key, body: { template: "card", data: { who: "same" } } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(results.filter((r) => r.json.cached === false)).toHaveLength(1);
    expect(results.filter((r) => r.json.cached === true && r.json.billable_units === 0)).toHaveLength(9);
    expect(new Set(results.map((r) => r.json.id)).size).toBe(10);
    const usage = (await call("GET", "/v1/usage", { key })).json;
    expect(usage.units.used).toBe(1);
    expect(usage.renders).toMatchObject({ succeeded: 1, cached: 9 });
  });
});

describe("raster ceilings", () => {
  it("refuses options whose image alone passes 40 megapixels, before any unit is spent", async () => {
    const { api_key: key } = await newAccount();
    await call("POST", "/v1/templates", { key, body: CARD });
    await call("POST", "/v1/templates", { key, body: { name: "page", source: "<p>{{ who }}</p>" } });
    const tooMany = expectError(
      await call("POST", "/v1/render", {
        key,
        body: { template: "page", format: "png", options: { width: 5000, height: 5000, device_scale_factor: 3 } },
      }),
      400,
      "invalid_request",
    );
    expect(tooMany.errors?.[0]?.path).toBe("options");
    expect(tooMany.details).toMatchObject({ max_pixels: 40_000_000, max_side: 16384 });
    const satori = expectError(
      await call("POST", "/v1/render", {
        key,
        body: { template: "card", options: { width: 4000, height: 4000, device_scale_factor: 2 } },
      }),
      400,
      "invalid_request",
    );
    expect(satori.message).toMatch(/64\.0 megapixels/);
    expect(
      (
        await call("POST", "/v1/render", {
          key,
          body: { template: "card", options: { width: 2000, height: 1000, device_scale_factor: 1.5 } },
        })
      ).status,
    ).toBe(200);
    expect((await call("GET", "/v1/usage", { key })).json.units.used).toBe(1);
  });
});

describe("nothing held forever", () => {
  it("the meter's alarm releases a hold whose render has not ended 15 minutes after its last attempt began", async () => {
    const { api_key: key, account } = await newAccount();
    await call("POST", "/v1/templates", { key, body: { name: "page", source: "<p>{{ who }}</p>", expected_pages: 7 } });
    const queued = await call("POST", "/v1/render", {
      key,
      body: { template: "page", data: { who: "held" }, async: true },
    });
    expect(queued.status).toBe(202);
    const meter = meterOf(account.id);
    expect((await meter.snapshot()).reserved).toBe(7);
    await runInDurableObject(meter, async (_instance, state) => {
      const stored = (await state.storage.get<{ reservations: Record<string, { touchedAt: number }> }>("meter"))!;
      for (const hold of Object.values(stored.reservations)) hold.touchedAt -= 16 * 60 * 1000;
      await state.storage.put("meter", stored);
    });
    expect(await runDurableObjectAlarm(meter)).toBe(true);
    expect((await meter.snapshot()).reserved).toBe(0);
  });

  it("the cron sweep fails a render still queued 15 minutes on, releases its units and sends render.failed", async () => {
    const { api_key: key, account } = await newAccount();
    await call("POST", "/v1/templates", { key, body: { name: "page", source: "<p>{{ who }}</p>", expected_pages: 5 } });
    const tag = `sweep-${crypto.randomUUID()}`;
    const queued = await call("POST", "/v1/render", {
      key,
      body: { template: "page", data: { who: "stuck" }, webhook_url: `${inject("receiverUrl")}/${tag}` },
    });
    expect(queued.status).toBe(202);
    expect((await meterOf(account.id).snapshot()).reserved).toBe(5);
    const fresh = await call("GET", `/v1/renders/${queued.json.id}`, { key });
    expect(fresh.json.status).toBe("queued");

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await call("GET", `/v1/renders/${queued.json.id}`, { key })).json.status).toBe("queued");

    await env.DB.prepare("UPDATE renders SET created_at = ?1, attempt_started_at = ?1 WHERE id = ?2")
      .bind(SIXTEEN_MINUTES_AGO(), queued.json.id)
      .run();
    const sweep = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "* * * * *" }), env, sweep);
    await waitOnExecutionContext(sweep);

    const failed = (await call("GET", `/v1/renders/${queued.json.id}`, { key })).json;
    expect(failed).toMatchObject({
      status: "failed",
      url: null,
      error: { type: "render_failed", details: { stage: "queue", retryable: true } },
    });
    expect((await meterOf(account.id).snapshot()).reserved).toBe(0);
    const deliveries = await until(
      async () => (await (await fetch(`${inject("receiverUrl")}/log/${tag}`)).json()) as Array<{ body: string }>,
      (log) => log.length > 0,
    );
    expect(JSON.parse(deliveries[0]!.body)).toMatchObject({
      type: "render.failed",
      data: { id: queued.json.id, status: "failed" },
    });
  });
});
