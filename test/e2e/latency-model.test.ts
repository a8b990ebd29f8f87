// The bench's latency model (docs/round-trips.md#latency-model) wraps the render backend's driver to time its calls:
// with it asked for, a render does what it does without it, whichever of the driver's capabilities it uses.
import { describe, expect, inject, it } from "vitest";
import { api, download, inspectPdf, newKey } from "./client";
import { connect } from "./mcp-client";

const MODEL = { "x-latency-model": "edge=0" };
const lines = (word: string) => Array.from({ length: 12 }, (_, i) => `${word} ${i + 1}`);
const TEMPLATE = {
  name: "chunked-lines",
  source: "<h1>Lines</h1>{% for line in lines %}<p style='break-after:page'>{{ line }}</p>{% endfor %}",
};

/** The twelve lines in chunks of five; each call its own word, so no render is a cache hit of another. */
async function render(key: string, word: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${inject("baseUrl")}/v1/render`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...headers },
    body: JSON.stringify({
      template: TEMPLATE.name,
      data: { lines: lines(word) },
      options: { chunk: { over: "lines", size: 5 } },
    }),
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as { url: string } };
}

describe("the latency model over the render backend", () => {
  it("prints a render in three chunks as it does without the model, timing the backend's calls", async () => {
    const key = await newKey();
    expect((await api("POST", "/v1/templates", TEMPLATE, key)).status).toBe(201);
    const plain = await render(key, "Line");
    expect(plain.status, JSON.stringify(plain.json)).toBe(200);
    const timed = await render(key, "Row", MODEL);
    expect(timed.status, JSON.stringify(timed.json)).toBe(200);
    expect(timed.headers.get("x-round-trips")).toMatch(/backend=[1-9]/);
    const [a, b] = await Promise.all([plain, timed].map(async (r) => inspectPdf((await download(r.json.url)).bytes)));
    expect(a?.pages).toBe(12);
    expect(b?.pages).toBe(12);
    expect(b?.text.replaceAll("Row", "Line")).toBe(a?.text);
  });

  it("answers an agent's PDF preview as the picture of its first page, as without the model", async () => {
    const client = await connect("modern", await newKey(), MODEL);
    const res = (await client.callTool({
      name: "preview_template",
      arguments: { source: "<p>Hello {{ who }}</p>", data: { who: "Ada" } },
    })) as { structuredContent: Record<string, unknown> };
    expect(res.structuredContent).toMatchObject({ content_type: "image/png", pdf_first_page: true, page_count: 1 });
    await client.close();
  });
});
