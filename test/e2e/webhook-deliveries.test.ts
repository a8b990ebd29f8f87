import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { Webhook as SvixWebhook } from "svix";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFolio, type Folio, unwrap, webhooks } from "../../packages/sdk/src/index";
import { devSettings } from "../../scripts/dev-settings.ts";
import { startService } from "../../scripts/service.ts";
import { until } from "../poll";
import { onLoopback } from "./loopback-server";
import { e2ePort } from "./ports.ts";

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A receiver on loopback; the path's first segment says how it answers: /flaky (500 twice, then 200), /hang (never),
 * /down (500 until the test marks its path up), anything else 200.
 */
function receiver() {
  const received: Received[] = [];
  const up = new Set<string>();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = req.url ?? "/";
    received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
    const seen = received.filter((r) => r.path === path).length;
    if (path.startsWith("/hang")) return;
    if (path.startsWith("/flaky")) res.writeHead(seen <= 2 ? 500 : 200).end();
    else if (path.startsWith("/down")) res.writeHead(up.has(path) ? 200 : 500).end("not yet");
    else res.writeHead(200).end("ok");
  });
  return { received, up, ...onLoopback(server) };
}

/** The retry gaps (30, 90, 270, 600 s) at this service's WEBHOOK_RETRY_SCALE. */
const SCALE = 0.01;
const GAPS_MS = [30, 90, 270, 600].map((s) => s * 1000 * SCALE);

// `npm run dev`'s settings (receivers on this machine get deliveries; private addresses do not), retry gaps shrunk.
describe("webhook deliveries a consumer can see, resend and test", () => {
  const hook = receiver();
  const state = mkdtempSync(join(tmpdir(), "folio-deliveries-"));
  let service: Awaited<ReturnType<typeof startService>>;
  let folio: Folio;
  let secret: string;
  let base: string;

  const deliveriesOf = (id: string) => folio.listDeliveries(id);
  const hooked = async (path: string) => {
    const render = await folio.render(
      { template: "hooked", data: { n: Math.random() }, webhook_url: `${base}${path}` },
      { wait: false },
    );
    return render.id;
  };
  const raw = (method: string, path: string, body?: unknown, key = service.apiKey) =>
    fetch(`${service.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    base = await hook.start();
    service = await startService({
      port: e2ePort("webhookDeliveries"),
      persistTo: state,
      env: { ...devSettings({}), ALLOW_PRIVATE_EGRESS: "false", WEBHOOK_RETRY_SCALE: String(SCALE) },
    });
    folio = createFolio({ apiKey: service.apiKey, baseUrl: service.baseUrl, retry: { attempts: 1 } });
    secret = (await unwrap(folio.api.GET("/v1/account"))).webhook_secret!;
    await unwrap(
      folio.api.POST("/v1/templates", {
        body: { name: "hooked", engine: "satori", source: "<div style='display:flex'>{{ n }}</div>" },
      }),
    );
  }, 180_000);

  afterAll(async () => {
    await service?.stop();
    await hook.stop();
    rmSync(state, { recursive: true, force: true });
  });

  let flakyId = "";

  it("lists an endpoint's 500, 500, 200 newest first, each next_attempt_at one gap after its attempt", async () => {
    const id = await hooked(`/flaky/${crypto.randomUUID()}?token=kept-private`);
    const list = await until(
      () => deliveriesOf(id),
      (l) => l.length >= 3,
    );
    expect(list.map((d) => [d.attempt, d.status_code, d.error, d.manual])).toEqual([
      [3, 200, null, false],
      [2, 500, null, false],
      [1, 500, null, false],
    ]);
    const [third, second, first] = list as [(typeof list)[0], (typeof list)[0], (typeof list)[0]];
    expect(third.next_attempt_at).toBeNull();
    for (const [attempt, gap, following] of [
      [first, GAPS_MS[0]!, second],
      [second, GAPS_MS[1]!, third],
    ] as const) {
      const due = Date.parse(attempt.next_attempt_at!);
      const ended = Date.parse(attempt.attempted_at) + attempt.duration_ms;
      expect(due - ended).toBeGreaterThanOrEqual(gap);
      expect(due - ended).toBeLessThan(gap + 2_000);
      // The following attempt came when it was due, not before.
      expect(Date.parse(following.attempted_at)).toBeGreaterThanOrEqual(due - 50);
    }
    expect(new Set(list.map((d) => d.url_host))).toEqual(new Set([new URL(base).host]));
    expect(JSON.stringify(list)).not.toContain("kept-private");
    flakyId = id;
    expect(await unwrap(folio.api.GET("/v1/renders/{id}", { params: { path: { id } } }))).toMatchObject({
      webhook_status: "delivered",
      webhook_attempts: 3,
    });
  });

  it("answers the same list to an agent through the MCP tool list_deliveries, typed", async () => {
    expect(flakyId).not.toBe("");
    const client = new Client({ name: "deliveries-e2e", version: "1.0.0" });
    const headers = { authorization: `Bearer ${service.apiKey}` };
    await client.connect(new StreamableHTTPClientTransport(new URL(service.mcpUrl), { requestInit: { headers } }));
    try {
      const tool = (await client.listTools()).tools.find((t) => t.name === "list_deliveries");
      expect(tool?.inputSchema.properties).toHaveProperty("id");
      expect(tool?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      const answer = (await client.callTool({ name: "list_deliveries", arguments: { id: flakyId } })) as {
        structuredContent: { data: unknown[] };
      };
      expect(answer.structuredContent.data).toEqual(await deliveriesOf(flakyId));
    } finally {
      await client.close();
    }
  });

  it("shows both in the CLI: folio renders deliveries ID and folio webhooks test URL", async () => {
    // Run without blocking this process: the receiver the CLI's test event reaches lives here.
    const cli = (args: string[]) =>
      promisify(execFile)(process.execPath, [join(import.meta.dirname, "../../packages/cli/dist/main.js"), ...args], {
        env: { ...process.env, FOLIO_API_KEY: service.apiKey, FOLIO_BASE_URL: service.baseUrl },
      });
    const table = await cli(["renders", "deliveries", flakyId]);
    expect(table.stdout.split("\n")[0]).toMatch(/^DELIVERY +AT +HOST +STATUS +ERROR +TOOK +NEXT ATTEMPT$/);
    expect(table.stdout).toMatch(/attempt 3 .* 200 /);
    const listed = JSON.parse((await cli(["renders", "deliveries", flakyId, "--json"])).stdout);
    expect(listed.data).toEqual(await deliveriesOf(flakyId));
    const path = `/ok/${crypto.randomUUID()}`;
    const tested = await cli(["webhooks", "test", `${base}${path}`]);
    expect(tested.stdout).toMatch(/^delivered: HTTP 200 in \d+ ms/);
    expect(hook.received.some((r) => r.path === path)).toBe(true);
    const refused = await cli(["webhooks", "test", "http://10.0.0.1/x"]).then(
      () => null,
      (e: { code: number; stdout: string }) => e,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stdout).toMatch(/^not delivered \(blocked\)/);
  });

  it("lists an endpoint that never answers as a timeout after the 5 s budget", async () => {
    const id = await hooked(`/hang/${crypto.randomUUID()}`);
    const list = await until(
      () => deliveriesOf(id),
      (l) => l.length >= 1,
      30_000,
    );
    expect(list[0]).toMatchObject({ attempt: 1, status_code: null, error: "timeout", manual: false });
    expect(list[0]!.duration_ms).toBeGreaterThanOrEqual(5_000);
    expect(list[0]!.next_attempt_at).not.toBeNull();
  });

  it("lists a URL the egress policy refuses as blocked, nothing sent, and ends failed", async () => {
    const id = await hooked("/never");
    const render = await folio.render(
      { template: "hooked", data: { n: Math.random() }, webhook_url: "http://10.0.0.1/hooks" },
      { wait: false },
    );
    const list = await until(
      () => deliveriesOf(render.id),
      (l) => l.length >= 5,
    );
    expect(list.map((d) => [d.attempt, d.error, d.status_code, d.url_host])).toEqual(
      [5, 4, 3, 2, 1].map((n) => [n, "blocked", null, "10.0.0.1"]),
    );
    expect(list[0]!.next_attempt_at).toBeNull();
    expect(id).not.toBe(render.id);
  });

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
      () => unwrap(folio.api.GET("/v1/renders/{id}", { params: { path: { id } } })),
      (r) => r.webhook_status !== "pending",
    );
    expect(failed).toMatchObject({ webhook_status: "failed", webhook_attempts: 5 });
    hook.up.add(path);
    const resent = await folio.resendWebhook(id);
    expect(resent).toMatchObject({ attempt: 1, manual: true, status_code: 200, error: null, next_attempt_at: null });
    const last = hook.received.filter((r) => r.path === path).at(-1)!;
    expect(last.headers).toMatchObject({ "x-service-attempt": "5", "x-service-resend": "1", "webhook-id": id });
    const event = await webhooks.verify(last.body, last.headers as Record<string, string>, secret);
    expect(event).toMatchObject({
      type: "render.succeeded",
      data: { id, webhook_status: "failed", webhook_attempts: 5 },
    });
    expect(await unwrap(folio.api.GET("/v1/renders/{id}", { params: { path: { id } } }))).toMatchObject({
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
    const answer = await folio.webhooks.test(`${base}${path}`);
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
    expect(new StandardWebhook(secret).verify(got.body, standard)).toMatchObject({ type: "test", data: null });
    const svix = {
      "svix-id": id,
      "svix-timestamp": standard["webhook-timestamp"],
      "svix-signature": standard["webhook-signature"],
    };
    expect(new SvixWebhook(secret).verify(got.body, svix)).toMatchObject({ type: "test" });
    const v1 = {
      "x-service-signature": got.headers["x-service-signature"] as string,
      "x-service-timestamp": got.headers["x-service-timestamp"] as string,
    };
    expect(await webhooks.verify(got.body, v1, secret, { allowServiceSignature: true })).toMatchObject({
      type: "test",
    });
    const blocked = await folio.webhooks.test("http://169.254.169.254/latest");
    expect(blocked).toEqual({ delivered: false, status_code: null, error: "blocked", duration_ms: 0 });
  });

  it("answers the eleventh test or resend of a key in a minute with 429 and Retry-After", async () => {
    const created = await fetch(`${service.baseUrl}/v1/internal/accounts`, {
      method: "POST",
      headers: { "x-internal-secret": service.internalSecret, "content-type": "application/json" },
      body: JSON.stringify({ name: "sends" }),
    });
    const key = ((await created.json()) as { api_key: string }).api_key;
    const other = createFolio({ apiKey: key, baseUrl: service.baseUrl, retry: { attempts: 1 } });
    await unwrap(
      other.api.POST("/v1/templates", { body: { name: "hooked", engine: "satori", source: "<div>x</div>" } }),
    );
    const render = await other.render({ template: "hooked", webhook_url: `${base}/ok/${crypto.randomUUID()}` });
    await until(
      () => unwrap(other.api.GET("/v1/renders/{id}", { params: { path: { id: render.id } } })),
      (r) => r.webhook_status === "delivered",
    );
    expect((await raw("POST", `/v1/renders/${render.id}/deliveries`, undefined, key)).status).toBe(200);
    for (let i = 0; i < 9; i++)
      expect((await raw("POST", "/v1/webhooks/test", { url: `${base}/ok/${i}` }, key)).status).toBe(200);
    for (const [path, body] of [
      ["/v1/webhooks/test", { url: `${base}/ok/eleventh` }],
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
    expect((await raw("POST", "/v1/webhooks/test", { url: `${base}/ok/another` })).status).toBe(200);
  });
});
