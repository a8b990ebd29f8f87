import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Render } from "../../packages/sdk/src/index";
import { startService } from "../../scripts/service.ts";
import { until } from "../poll";
import { api, createTemplate } from "./client";
import { onLoopback } from "./loopback-server";
import { e2ePort } from "./ports.ts";

/** A loopback receiver that answers 500 to the first attempt of each path and 200 after. */
function receiver() {
  const hits: Array<{ path: string; attempt: string }> = [];
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    for await (const _ of req);
    hits.push({ path: req.url ?? "", attempt: String(req.headers["x-service-attempt"]) });
    res.writeHead(hits.filter((h) => h.path === req.url).length === 1 ? 500 : 200).end();
  });
  return {
    hits,
    ...onLoopback(server),
  };
}

describe("webhooks with the egress relaxation off (the shared e2e service)", () => {
  const hook = receiver();
  let base = "";
  beforeAll(async () => {
    base = await hook.start();
  });
  afterAll(() => hook.stop());

  it("never contacts a loopback webhook_url and ends failed after five refused attempts", async () => {
    const template = await createTemplate({
      name: "hooked",
      engine: "satori",
      source: "<div style='display:flex'>{{ n }}</div>",
    });
    const res = await api("POST", "/v1/render", {
      template,
      data: { n: Math.random() },
      webhook_url: `${base}/strict`,
    });
    expect(res.status).toBe(202);
    const done = await until(
      () => api("GET", `/v1/renders/${res.json.id}`),
      (r) => r.json.webhook_status !== "pending",
      40_000,
    );
    expect(done.json).toMatchObject({ status: "succeeded", webhook_status: "failed", webhook_attempts: 5 });
    expect(hook.hits).toEqual([]);
    // The refusal names the setting that would let it through.
    const log = readFileSync(join(inject("statePath"), "service.log"), "utf8");
    expect(log).toMatch(
      new RegExp(
        `webhook of ${res.json.id} to 127\\.0\\.0\\.1:\\d+: attempt 1 failed \\(refused by the egress policy: .*DEV_LOOPBACK_WEBHOOKS=true`,
      ),
    );
  });
});

describe("a restart of the dev server between attempts", () => {
  const hook = receiver();
  const state = mkdtempSync(join(tmpdir(), "folio-restart-"));
  const options = {
    port: e2ePort("webhookRestart"),
    persistTo: state,
    env: { ALLOW_PRIVATE_EGRESS: "true", WEBHOOK_RETRY_SCALE: "0.5" },
  };
  afterAll(async () => {
    await hook.stop();
    rmSync(state, { recursive: true, force: true });
  });

  it("keeps the retry schedule: attempt 2 arrives from the restarted server", async () => {
    const base = await hook.start();
    const first = await startService(options);
    let second: { stop(): Promise<void> } | undefined;
    try {
      const headers = { authorization: `Bearer ${first.apiKey}`, "content-type": "application/json" };
      const post = (path: string, body: unknown) =>
        fetch(`${first.baseUrl}${path}`, { method: "POST", headers, body: JSON.stringify(body) }).then((r) => r.json());
      await post("/v1/templates", {
        name: "restart",
        engine: "satori",
        source: "<div style='display:flex'>restart</div>",
      });
      const render = (await post("/v1/render", {
        template: "restart",
        async: true,
        webhook_url: `${base}/restart`,
      })) as Render;
      await until(
        async () => hook.hits.length,
        (n) => n >= 1,
        30_000,
      );
      expect(hook.hits).toEqual([{ path: "/restart", attempt: "1" }]);
      await first.stop();
      second = await startService(options);
      const hits = await until(
        async () => hook.hits.length,
        (n) => n >= 2,
        60_000,
      );
      expect(hits).toBe(2);
      expect(hook.hits[1]).toEqual({ path: "/restart", attempt: "2" });
      const final = await until(
        () => fetch(`${first.baseUrl}/v1/renders/${render.id}`, { headers }).then((r) => r.json() as Promise<Render>),
        (r) => r.webhook_status !== "pending",
        20_000,
      );
      expect(final).toMatchObject({ webhook_status: "delivered", webhook_attempts: 2 });
    } finally {
      await first.stop();
      await second?.stop();
    }
  }, 180_000);
});
