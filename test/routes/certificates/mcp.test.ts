import { describe, expect, it } from "vitest";
import ecAes from "../../fixtures/signing/ec-aes.p12.b64?raw";
import { call } from "../../helpers";
import { paidKey, upload } from "./upload-helpers";

const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

async function mcp(key: string, method: string, params: Record<string, unknown>) {
  const rawBody = JSON.stringify({ jsonrpc: "2.0", id: 1, method, params });
  const res = await call("POST", "/mcp", { key, headers: MCP_HEADERS, rawBody });
  expect(res.status, res.text).toBe(200);
  return (res.json ?? JSON.parse(/^data: (.*)$/m.exec(res.text)?.[1] ?? "null")).result;
}

describe("list_certificates (MCP)", () => {
  it("lists the account's certificates as GET /v1/certificates does, and offers no upload tool", async () => {
    const key = await paidKey();
    const created = await upload(key, { name: "Agent", pkcs12: ecAes.trim(), password: "correct-horse" });
    const result = await mcp(key, "tools/call", { name: "list_certificates", arguments: {} });
    expect(result.structuredContent).toEqual((await call("GET", "/v1/certificates", { key })).json);
    expect(result.structuredContent.data[0].id).toBe(created.json.id);
    const { tools } = await mcp(key, "tools/list", {});
    const names = tools.map((t: { name: string }) => t.name).filter((n: string) => n.includes("certificate"));
    expect(names).toEqual(["list_certificates"]);
  });
});
