import { describe, expect, it } from "vitest";
import { call, expectError, INTERNAL, newAccount } from "../helpers";

// docs/limits.md#previews: validate, and saving a template that makes an e-invoice (its example checked with the
// official rules), count in the key's preview window; free and trial accounts have 300 previews a day.

const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
// An empty Cross Industry Invoice that passes the XML gate, so its example goes on to the rules' check.
const CII = '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>';
const E_INVOICE = { e_invoice: { standard: "factur-x", profile: "en16931", xml: CII } };
/** A preview refused for its data: counted like any other (admission comes first), and cheap to ask 300 times. */
const CHEAP_PREVIEW = { source: "<p>{{ x }}</p>", schema: { type: "object", required: ["x"] }, data: {} };

const preview = (key: string, body: Record<string, unknown> = CHEAP_PREVIEW) =>
  call("POST", "/v1/previews", { key, body });

/** A tool's answer: `{isError?, structuredContent}` (the server may answer JSON-RPC as one server-sent event). */
async function mcpTool(key: string, name: string, args: Record<string, unknown>) {
  const rawBody = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } });
  const res = await call("POST", "/mcp", { key, headers: MCP_HEADERS, rawBody });
  expect(res.status, res.text).toBe(200);
  return (res.json ?? JSON.parse(/^data: (.*)$/m.exec(res.text)?.[1] ?? "null")).result;
}

function expectWindowFull(res: { status: number; json: unknown; headers: Headers }, name: string, limit: number) {
  const error = expectError(res, 429, "rate_limited");
  expect(error.details).toMatchObject({ limit_name: name, limit });
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  return error;
}

describe("free work in the previews' window (30 a minute per key)", () => {
  it("counts validate calls, REST and MCP, with previews: the 31st is 429 previews_per_minute", async () => {
    const { api_key: key } = await newAccount();
    expect((await call("POST", "/v1/templates", { key, body: { name: "plain", source: "<p/>" } })).status).toBe(201);
    for (let n = 0; n < 20; n++)
      expect((await call("POST", "/v1/templates/plain/validate", { key, body: { data: {} } })).status).toBe(200);
    for (let n = 0; n < 9; n++) expect((await preview(key)).status).toBe(422);
    expect((await mcpTool(key, "validate_template", { ref: "plain", data: {} })).isError).toBeFalsy();
    const refused = await call("POST", "/v1/templates/plain/validate", { key, body: { data: {} } });
    expect(expectWindowFull(refused, "previews_per_minute", 30).details.window_seconds).toBe(60);
    expectWindowFull(await preview(key), "previews_per_minute", 30);
    const viaMcp = await mcpTool(key, "validate_template", { ref: "plain", data: {} });
    expect(viaMcp.structuredContent.error).toMatchObject({ type: "rate_limited" });
    // Renders have their own window.
    expect((await call("POST", "/v1/templates", { key, body: { name: "other", source: "<p/>" } })).status).toBe(201);
  });

  it("counts create and publish of an e-invoice template, refused before anything is saved; a plain one not", async () => {
    const { api_key: key } = await newAccount();
    for (let n = 0; n < 28; n++) expect((await preview(key)).status).toBe(422);
    const body = { name: "einv", source: "<p>x</p>", options: E_INVOICE };
    expect((await call("POST", "/v1/templates", { key, body })).status).toBe(201);
    expect((await mcpTool(key, "update_template", { name: "einv", source: "<p>y</p>" })).isError).toBe(undefined);
    expectWindowFull(
      await call("POST", "/v1/templates/einv/versions", { key, body: { source: "<p>z</p>" } }),
      "previews_per_minute",
      30,
    );
    expectWindowFull(
      await call("POST", "/v1/templates", { key, body: { ...body, name: "einv2" } }),
      "previews_per_minute",
      30,
    );
    expect((await call("GET", "/v1/templates/einv", { key })).json.latest_version).toBe(2);
    expectError(await call("GET", "/v1/templates/einv2", { key }), 404, "not_found");
    const plain = await call("POST", "/v1/templates", { key, body: { name: "plain", source: "<p/>" } });
    expect(plain.status).toBe(201);
  });
});

describe("a free or trial account's previews a day", () => {
  it("are 300 across all its keys, then 429 previews_per_day; a paid account's are not counted so", async () => {
    const free = await newAccount();
    const paid = await newAccount({ plan: "starter" });
    for (const owner of [free, paid]) {
      const keys = [owner.api_key];
      for (let n = 0; n < 10; n++) {
        const issued = await call("POST", `/v1/internal/accounts/${owner.account.id}/keys`, { headers: INTERNAL });
        keys.push(issued.json.api_key);
      }
      // 30 previews on each of 10 keys: the day's 300. The first key's 31st, refused by its minute, is not counted
      // in the day: were it, the tenth key's 30th would be refused.
      for (const key of keys.slice(0, 10)) {
        await Promise.all(Array.from({ length: 30 }, async () => expect((await preview(key)).status).toBe(422)));
        if (key === keys[0]) expectWindowFull(await preview(key), "previews_per_minute", 30);
      }
      const last = keys[10]!;
      if (owner === paid) {
        expect((await preview(last)).status).toBe(422);
        continue;
      }
      const refused = expectWindowFull(await preview(last), "previews_per_day", 300);
      expect(refused.details.window_seconds).toBe(86_400);
      expectWindowFull(
        await call("POST", "/v1/templates/x/validate", { key: last, body: { data: {} } }),
        "previews_per_day",
        300,
      );
      const viaMcp = await mcpTool(last, "preview_template", { source: "<p>x</p>" });
      expect(viaMcp.structuredContent.error).toMatchObject({ type: "rate_limited" });
    }
  });
});
