import { describe, expect, inject, it } from "vitest";
import { api, newKey } from "./client";
import { connect } from "./mcp-client";

// Where no render backend runs (the Browser Rendering driver alone) the port has no chunk sessions and no page images:
// a render of several chunks is refused before anything prints, and an agent's PDF preview answers the PDF itself.
// This file runs in both e2e projects; with a backend the same requests succeed (latency-model.test.ts, mcp.test.ts).
describe.runIf(inject("chromiumDriver") === "browser-rendering")("the render port without a backend", () => {
  it("refuses a render of several chunks as unsupported, with nothing stored or billed", async () => {
    const key = await newKey();
    const lines = Array.from({ length: 12 }, (_, i) => `Line ${i + 1}`);
    const source = "{% for line in lines %}<p style='break-after:page'>{{ line }}</p>{% endfor %}";
    expect((await api("POST", "/v1/templates", { name: "chunked-here", source }, key)).status).toBe(201);
    const res = await api(
      "POST",
      "/v1/render",
      { template: "chunked-here", data: { lines }, options: { chunk: { over: "lines", size: 5 } } },
      key,
    );
    expect(res.json.error, JSON.stringify(res.json)).toMatchObject({
      type: "render_failed",
      details: { stage: "browser", reason: "chunk_unsupported", retryable: false },
    });
    const [failed] = (await api("GET", "/v1/renders?limit=1", undefined, key)).json.data;
    expect(failed).toMatchObject({ status: "failed", url: null, billable_units: null });
  });

  it("answers an agent's PDF preview as the PDF, its first page undrawn", async () => {
    const client = await connect("modern", await newKey());
    const res = (await client.callTool({
      name: "preview_template",
      arguments: { source: "<p>Hello {{ who }}</p>", data: { who: "Ada" } },
    })) as { structuredContent: Record<string, unknown> };
    expect(res.structuredContent).toMatchObject({
      content_type: "application/pdf",
      pdf_first_page: false,
      page_count: 1,
    });
    await client.close();
  });
});
