import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { packageReference, REFERENCE_FILE } from "../../scripts/docs-reference.ts";

// /docs/sdk and /docs/cli are read from the packages (scripts/docs-reference.ts); this fails when a package changed
// and src/docs/package-reference.json did not follow: run `npm run docs:generate`.
describe("the SDK and CLI pages of /docs", () => {
  it("say what the packages hold now", () => {
    expect(readFileSync(REFERENCE_FILE, "utf8")).toBe(packageReference());
  });

  it("list every CLI command, SDK export and MCP tool, and find them through the search", async () => {
    const base = inject("baseUrl");
    const text = async (path: string) => (await fetch(`${base}${path}`)).text();
    const cli = await text("/docs/cli");
    for (const command of ["folio login", "folio init", "folio push", "folio render"]) expect(cli).toContain(command);
    const sdk = await text("/docs/sdk");
    for (const name of ["createFolio", "waitForRender", "FolioError", "WebhookVerificationError"])
      expect(sdk).toContain(name);
    const mcp = await text("/docs/mcp");
    const tools =
      (
        await (
          await fetch(`${base}/mcp`, {
            method: "POST",
            headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
            body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
          })
        ).text()
      ).match(/"name":"([a-z_]+)","title"/g) ?? [];
    expect(tools.length).toBeGreaterThan(5);
    for (const tool of tools) expect(mcp).toContain(`id="tool-${tool.split('"')[3]}"`);
    const jump = await fetch(`${base}/docs/search?q=${encodeURIComponent("Render options")}`, { redirect: "manual" });
    expect(jump.status).toBe(302);
    expect(jump.headers.get("location")).toBe(`${base}/docs#options`);
    const results = await text("/docs/search?q=idempotency%20key");
    expect(results).toContain(`href="${base}/docs#`);
    expect(results).toContain("<mark>");
  });
});
