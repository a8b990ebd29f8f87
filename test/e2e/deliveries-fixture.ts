// What the webhook delivery tests share: a receiver on loopback whose paths say how it answers, and a service with
// `npm run dev`'s settings (receivers on this machine get deliveries; private addresses do not) and retry gaps shrunk.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { createFolio, type Folio, unwrap } from "../../packages/sdk/src/index";
import { devSettings } from "../../scripts/dev-settings.ts";
import { type Service, startService } from "../../scripts/service.ts";
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
export const GAPS_MS = [30, 90, 270, 600].map((s) => s * 1000 * SCALE);

/**
 * The receiver and the service, started before the file's tests and stopped after them; `ctx` is filled once they
 * run: the service, an SDK client of its development account, that account's webhook secret, the receiver's base URL.
 */
export function deliveriesService() {
  const hook = receiver();
  const state = mkdtempSync(join(tmpdir(), "folio-deliveries-"));
  const ctx = {} as { service: Service; folio: Folio; secret: string; base: string };

  beforeAll(async () => {
    ctx.base = await hook.start();
    ctx.service = await startService({
      port: e2ePort("webhookDeliveries"),
      persistTo: state,
      env: { ...devSettings({}), ALLOW_PRIVATE_EGRESS: "false", WEBHOOK_RETRY_SCALE: String(SCALE) },
    });
    ctx.folio = createFolio({ apiKey: ctx.service.apiKey, baseUrl: ctx.service.baseUrl, retry: { attempts: 1 } });
    ctx.secret = (await unwrap(ctx.folio.api.GET("/v1/account"))).webhook_secret!;
    await unwrap(
      ctx.folio.api.POST("/v1/templates", {
        body: { name: "hooked", engine: "satori", source: "<div style='display:flex'>{{ n }}</div>" },
      }),
    );
  }, 180_000);

  afterAll(async () => {
    await ctx.service?.stop();
    await hook.stop();
    rmSync(state, { recursive: true, force: true });
  });

  return {
    hook,
    ctx,
    deliveriesOf: (id: string) => ctx.folio.listDeliveries(id),
    /** A render of the `hooked` template with its webhook at `path` on the receiver: its id, without waiting. */
    hooked: async (path: string) =>
      (
        await ctx.folio.render(
          { template: "hooked", data: { n: Math.random() }, webhook_url: `${ctx.base}${path}` },
          { wait: false },
        )
      ).id,
    /** A request with no SDK in between (its retries would hide a 429). */
    raw: (method: string, path: string, body?: unknown, key = ctx.service.apiKey) =>
      fetch(`${ctx.service.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  };
}
