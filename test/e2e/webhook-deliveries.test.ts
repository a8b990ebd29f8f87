import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { unwrap } from "../../packages/sdk/src/index";
import { until } from "../poll";
import { deliveriesService, GAPS_MS } from "./deliveries-fixture";

// The deliveries a render's webhook made, as the API, the agent tool and the CLI list them.
describe("a render's webhook deliveries, listed", () => {
  const { ctx, hook, deliveriesOf, hooked } = deliveriesService();
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
    expect(new Set(list.map((d) => d.url_host))).toEqual(new Set([new URL(ctx.base).host]));
    expect(JSON.stringify(list)).not.toContain("kept-private");
    flakyId = id;
    expect(await unwrap(ctx.folio.api.GET("/v1/renders/{id}", { params: { path: { id } } }))).toMatchObject({
      webhook_status: "delivered",
      webhook_attempts: 3,
    });
  });

  it("answers the same list to an agent through the MCP tool list_deliveries, typed", async () => {
    expect(flakyId).not.toBe("");
    const client = new Client({ name: "deliveries-e2e", version: "1.0.0" });
    const headers = { authorization: `Bearer ${ctx.service.apiKey}` };
    await client.connect(new StreamableHTTPClientTransport(new URL(ctx.service.mcpUrl), { requestInit: { headers } }));
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
        env: { ...process.env, FOLIO_API_KEY: ctx.service.apiKey, FOLIO_BASE_URL: ctx.service.baseUrl },
      });
    const table = await cli(["renders", "deliveries", flakyId]);
    expect(table.stdout.split("\n")[0]).toMatch(/^DELIVERY +AT +HOST +STATUS +ERROR +TOOK +NEXT ATTEMPT$/);
    expect(table.stdout).toMatch(/attempt 3 .* 200 /);
    const listed = JSON.parse((await cli(["renders", "deliveries", flakyId, "--json"])).stdout);
    expect(listed.data).toEqual(await deliveriesOf(flakyId));
    const path = `/ok/${crypto.randomUUID()}`;
    const tested = await cli(["webhooks", "test", `${ctx.base}${path}`]);
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
    const render = await ctx.folio.render(
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
});
