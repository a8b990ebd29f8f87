import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blackPng } from "../large-image";
import { type Backend, startBackend } from "./backend-process";
import { newKey } from "./client";
import { connect } from "./mcp-client";

// The render backend's side threads are bounded and speak Folio's words (docs/limits.md#page-images): a page whose
// image passes the raster ceiling is not drawn (the agent gets the PDF), and a failure's message names what failed,
// never a library's or a thread's own words.

describe("an MCP preview of a page holding an image past the raster ceiling", () => {
  it("answers the PDF instead of drawing the page", async () => {
    // 8,000 px square (64 megapixels; the probe's 16,000 px square is the bench's): a quarter of a megabyte sent.
    const src = `data:image/png;base64,${(await blackPng(8_000)).toString("base64")}`;
    const client = await connect("modern", await newKey());
    const res = (await client.callTool({
      name: "preview_template",
      arguments: { source: `<img src="{{ src }}" style="width:2in;height:2in">`, data: { src } },
    })) as { structuredContent: Record<string, unknown>; content: Array<{ type: string }> };
    expect(res.structuredContent).toMatchObject({
      object: "preview",
      content_type: "application/pdf",
      pdf_first_page: false,
      page_count: 1,
    });
    expect(res.content.some((item) => item.type === "image")).toBe(false);
    await client.close();
  });
});

describe("the render backend's side-thread failures", () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend("side-thread-bounds-secret");
  });
  afterAll(() => backend?.stop());

  const post = async (path: string, body: string) => {
    const res = await fetch(`${backend.url}${path}`, {
      method: "POST",
      headers: { "x-render-secret": backend.secret, "x-folio-account": "acct_words", "x-folio-share": "free" },
      body,
    });
    return { status: res.status, error: ((await res.json()) as { error: { message: string } }).error };
  };

  it("answer a check that fails in Folio's words, without the parser's", async () => {
    const failed = await post("/validate-e-invoice", "{not json");
    expect(failed.status).toBe(500);
    expect(failed.error.message).toBe("The e-invoice check could not be read: the body is not JSON.");
  });

  it("answer a drawing that fails in Folio's words, without pdf.js's", async () => {
    const failed = await post("/page-image", "<html>no PDF</html>");
    expect(failed.status).toBe(500);
    expect(failed.error.message).toBe("The PDF's first page is not drawn: the file could not be read as a PDF.");
  });
});
