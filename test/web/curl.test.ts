import { describe, expect, it } from "vitest";
import { curlCommand } from "../../web/src/publish/curl";

describe("copy as curl", () => {
  it("sends the render request with the key's variable, or the key itself, quoted for the shell", () => {
    const command = curlCommand("http://127.0.0.1:8787", { template: "invoice@2", data: { who: "O'Brien" } }, null);
    expect(command).toBe(
      [
        "curl -s http://127.0.0.1:8787/v1/render",
        '  -H "Authorization: Bearer $FOLIO_API_KEY"',
        '  -H "Content-Type: application/json"',
        `  -d '{"template":"invoice@2","data":{"who":"O'\\''Brien"}}'`,
      ].join(" \\\n"),
    );
    expect(curlCommand("http://x", { template: "t" }, "folio_sk_1")).toContain('"Authorization: Bearer folio_sk_1"');
  });

  it("spreads a body longer than a line over several", () => {
    const data = { lines: Array.from({ length: 20 }, (_, i) => `line ${i}`) };
    expect(curlCommand("http://x", { template: "t", data }, null)).toContain(`-d '{\n  "template": "t",`);
  });
});
