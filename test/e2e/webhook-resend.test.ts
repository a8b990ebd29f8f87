import { Webhook as StandardWebhook } from "standardwebhooks";
import { Webhook as SvixWebhook } from "svix";
import { describe, expect, it } from "vitest";
import { createFolio, unwrap, webhooks } from "../../packages/sdk/src/index";
import { until } from "../poll";
import { deliveriesService } from "./deliveries-fixture";

// A resend once the schedule has ended, a test event, and the window they share.
describe("resending a webhook event and sending a test event", () => {
  const { ctx, hook, deliveriesOf, hooked, raw } = deliveriesService();
  it("answers 409 with next_attempt_at while pending, and after failed resends one that verifies, status kept", async () => {
    const path = `/down/${crypto.randomUUID()}`;
    const id = await hooked(path);
    const four = await until(
      () => deliveriesOf(id),
      (l) => l.length >= 4,
    );
    const pending = await raw("POST", `/v1/renders/${id}/deliveries`);
    expect(pending.status).toBe(409);
    const refusal = (await pending.json()) as { error: { type: string; details: Record<string, unknown> } };
    expect(refusal.error).toMatchObject({
      type: "conflict",
      details: { code: "webhook_pending", next_attempt_at: four[0]!.next_attempt_at },
    });
    const failed = await until(
      () => unwrap(ctx.folio.api.GET("/v1/renders/{id}", { params: { path: { id } } })),
      (r) => r.webhook_status !== "pending",
    );
    expect(failed).toMatchObject({ webhook_status: "failed", webhook_attempts: 5 });
    hook.up.add(path);
    const resent = await ctx.folio.resendWebhook(id);
    expect(resent).toMatchObject({ attempt: 1, manual: true, status_code: 200, error: null, next_attempt_at: null });
    const last = hook.received.filter((r) => r.path === path).at(-1)!;
    expect(last.headers).toMatchObject({ "x-service-attempt": "5", "x-service-resend": "1", "webhook-id": id });
    const event = await webhooks.verify(last.body, last.headers as Record<string, string>, ctx.secret);
    expect(event).toMatchObject({
      type: "render.succeeded",
      data: { id, webhook_status: "failed", webhook_attempts: 5 },
    });
    expect(await unwrap(ctx.folio.api.GET("/v1/renders/{id}", { params: { path: { id } } }))).toMatchObject({
      webhook_status: "failed",
      webhook_attempts: 5,
    });
    const list = await deliveriesOf(id);
    expect(list.map((d) => [d.manual, d.attempt])).toEqual([
      [true, 1],
      [false, 5],
      [false, 4],
      [false, 3],
      [false, 2],
      [false, 1],
    ]);
  });

  it("sends a test event both signature schemes verify, and answers blocked for a refused URL", async () => {
    const path = `/ok/${crypto.randomUUID()}`;
    const answer = await ctx.folio.webhooks.test(`${ctx.base}${path}`);
    expect(answer).toMatchObject({ delivered: true, status_code: 200, error: null });
    const got = hook.received.find((r) => r.path === path)!;
    const id = got.headers["webhook-id"] as string;
    expect(id).toMatch(/^test_[a-z0-9]{24}$/);
    expect(got.headers["x-service-delivery"]).toBe(id);
    const standard = {
      "webhook-id": id,
      "webhook-timestamp": got.headers["webhook-timestamp"] as string,
      "webhook-signature": got.headers["webhook-signature"] as string,
    };
    expect(new StandardWebhook(ctx.secret).verify(got.body, standard)).toMatchObject({ type: "test", data: null });
    const svix = {
      "svix-id": id,
      "svix-timestamp": standard["webhook-timestamp"],
      "svix-signature": standard["webhook-signature"],
    };
    expect(new SvixWebhook(ctx.secret).verify(got.body, svix)).toMatchObject({ type: "test" });
    const v1 = {
      "x-service-signature": got.headers["x-service-signature"] as string,
      "x-service-timestamp": got.headers["x-service-timestamp"] as string,
    };
    expect(await webhooks.verify(got.body, v1, ctx.secret, { allowServiceSignature: true })).toMatchObject({
      type: "test",
    });
    const blocked = await ctx.folio.webhooks.test("http://169.254.169.254/latest");
    expect(blocked).toEqual({ delivered: false, status_code: null, error: "blocked", duration_ms: 0 });
  });

  it("answers the eleventh test or resend of a key in a minute with 429 and Retry-After", async () => {
    const created = await fetch(`${ctx.service.baseUrl}/v1/internal/accounts`, {
      method: "POST",
      headers: { "x-internal-secret": ctx.service.internalSecret, "content-type": "application/json" },
      body: JSON.stringify({ name: "sends" }),
    });
    const key = ((await created.json()) as { api_key: string }).api_key;
    const other = createFolio({ apiKey: key, baseUrl: ctx.service.baseUrl, retry: { attempts: 1 } });
    await unwrap(
      other.api.POST("/v1/templates", { body: { name: "hooked", engine: "satori", source: "<div>x</div>" } }),
    );
    const render = await other.render({ template: "hooked", webhook_url: `${ctx.base}/ok/${crypto.randomUUID()}` });
    await until(
      () => unwrap(other.api.GET("/v1/renders/{id}", { params: { path: { id: render.id } } })),
      (r) => r.webhook_status === "delivered",
    );
    expect((await raw("POST", `/v1/renders/${render.id}/deliveries`, undefined, key)).status).toBe(200);
    for (let i = 0; i < 9; i++)
      expect((await raw("POST", "/v1/webhooks/test", { url: `${ctx.base}/ok/${i}` }, key)).status).toBe(200);
    for (const [path, body] of [
      ["/v1/webhooks/test", { url: `${ctx.base}/ok/eleventh` }],
      [`/v1/renders/${render.id}/deliveries`, undefined],
    ] as const) {
      const refused = await raw("POST", path, body, key);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({
        error: { type: "rate_limited", details: { limit_name: "webhook_sends_per_minute", limit: 10 } },
      });
    }
    // Another key's window is its own.
    expect((await raw("POST", "/v1/webhooks/test", { url: `${ctx.base}/ok/another` })).status).toBe(200);
  });
});
