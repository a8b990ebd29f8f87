import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhooks } from "../../packages/sdk/src/index";
import { until } from "../poll";
import { onLoopback } from "./loopback-server";
import { e2ePort } from "./ports.ts";

// `npm run dev` itself (scripts/dev.ts) on its own ports and state (PORT, FOLIO_STATE), its terminal output captured.
const PORT = e2ePort("devLogs");
const BASE = `http://127.0.0.1:${PORT}`;
// biome-ignore lint/suspicious/noControlCharactersInRegex: ESC opens the colour codes this strips.
const ANSI = /\x1b\[[0-9;]*m/g;

describe("the npm run dev terminal", () => {
  const state = mkdtempSync(join(tmpdir(), "folio-dev-logs-"));
  const lines: string[] = [];
  let dev: ChildProcess;
  let key: string;
  const deliveries: Array<{ headers: Record<string, string>; body: string }> = [];
  const receiver = onLoopback(
    createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        deliveries.push({ headers: request.headers as Record<string, string>, body });
        response.writeHead(204).end();
      });
    }),
  );

  beforeAll(async () => {
    // The terminal as `npm run dev` shows it by default, whatever REQUEST_LOG the caller's environment holds.
    const { REQUEST_LOG: _, ...env } = process.env;
    dev = spawn(process.execPath, [fileURLToPath(new URL("../../scripts/dev.ts", import.meta.url))], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...env, PORT: String(PORT), FOLIO_STATE: state },
    });
    let partial = "";
    const collect = (chunk: Buffer) => {
      const text = partial + chunk.toString("utf8");
      const complete = text.split("\n");
      partial = complete.pop()!;
      lines.push(...complete.map((line) => line.replace(ANSI, "")));
    };
    dev.stdout!.on("data", collect);
    dev.stderr!.on("data", collect);
    const ready = await until(
      async () => lines.find((line) => /^\s*API key:\s+folio_sk_/.test(line)),
      (line) => line !== undefined || dev.exitCode !== null,
      120_000,
      250,
    );
    if (!ready) throw new Error(`the service did not start:\n${lines.join("\n")}`);
    key = /folio_sk_\S+/.exec(ready)![0];
  }, 150_000);

  afterAll(async () => {
    await receiver.stop();
    if (dev.exitCode === null)
      await new Promise((resolve) => {
        dev.once("exit", resolve);
        dev.kill("SIGTERM");
      });
    rmSync(state, { recursive: true, force: true });
  });

  it("shows one line per request, and a webhook host that does not resolve as one warning with the render id", async () => {
    const from = lines.length;
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    const post = (path: string, body: unknown, extra: Record<string, string> = {}) =>
      fetch(`${BASE}${path}`, { method: "POST", headers: { ...headers, ...extra }, body: JSON.stringify(body) });
    expect(
      (
        await post("/v1/templates", {
          name: "logs",
          engine: "satori",
          source: "<div style='display:flex'>{{ n }}</div>",
        })
      ).status,
    ).toBe(201);
    const queued = (await (
      await post("/v1/render", { template: "logs", data: { n: 1 }, webhook_url: "https://does-not-exist.invalid/hook" })
    ).json()) as { id: string };
    const mcp = { accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" };
    for (let id = 1; id <= 3; id++)
      expect((await post("/mcp", { jsonrpc: "2.0", id, method: "tools/list" }, mcp)).status).toBe(200);

    const warning = await until(
      async () => lines.slice(from).filter((line) => line.includes(queued.id)),
      (found) => found.length > 0,
      30_000,
      250,
    );
    // Anything workerd would have said about it has had time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const shown = lines.slice(from).filter((line) => line.trim() !== "");
    expect(shown.filter((line) => line.includes(queued.id))).toEqual(warning);
    expect(warning).toHaveLength(1);
    expect(warning[0]).toMatch(
      new RegExp(
        `\\[WARNING\\] webhook of ${queued.id} to does-not-exist\\.invalid: attempt 1 failed \\(.+\\); next attempt in 30 s$`,
      ),
    );
    expect(warning[0]).not.toContain("internal error");
    expect(shown.filter((line) => /stack:|wdErrId|ffi\.rs|\[ERROR\]/.test(line))).toEqual([]);
    expect(shown.filter((line) => /responseMode|WARNING/.test(line) && !line.includes(queued.id))).toEqual([]);
    expect(shown.filter((line) => line.startsWith("[wrangler:info] POST /mcp"))).toHaveLength(3);
    expect(shown.filter((line) => line.startsWith("[wrangler:info] POST /v1/render "))).toHaveLength(1);
  }, 60_000);

  it("delivers a signed webhook to a receiver on this machine, on any port, with no setting", async () => {
    const base = await receiver.start();
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    const account = (await (await fetch(`${BASE}/v1/account`, { headers })).json()) as { webhook_secret: string };
    const render = (await (
      await fetch(`${BASE}/v1/render`, {
        method: "POST",
        headers,
        body: JSON.stringify({ template: "logs", data: { n: 2 }, webhook_url: `${base}/hook` }),
      })
    ).json()) as { id: string };
    const [delivery] = await until(
      async () => deliveries,
      (list) => list.length > 0,
      30_000,
      250,
    );
    const event = await webhooks.verify(delivery!.body, delivery!.headers, account.webhook_secret);
    expect(event).toMatchObject({ type: "render.succeeded", data: { id: render.id } });
  }, 60_000);
});
