import { PDFName, PDFRawStream } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { statementData } from "../../fixtures/statement-data";
import { api, createTemplate, download, fixture, fixtureJson, inspectPdf, internal, newKey, sha256 } from "./client";
import { pageTexts } from "./pdf-text";
import { attachments, pdfObjects, xmp } from "./pdf-tools";

// options.chunk (docs/rendering.md#long-documents) through the real service and render backend: a bank statement
// in three chunks, joined into one PDF whose page numbers, first- and last-chunk blocks and finishing are those of one
// document. Named outside test/e2e/render-*.test.ts: the Browser Rendering project has no backend to join pieces.
const statement = () => ({
  name: "statement",
  source: fixture("statement.liquid.html"),
  schema: fixtureJson("statement.schema.json"),
  options: fixtureJson("statement.options.json"),
});

// 60 rows in chunks of 25: 25, 25 and 10.
const data = statementData(3);
const lines = (data.statement as { lines: Array<{ ref: string }> }).lines;
const chunk = { over: "statement.lines", size: 25 };
const finishing = {
  chunk,
  watermark: { text: "COPY", opacity: 0.1 },
  pdfa: "3b",
  attachments: [
    {
      filename: "statement.csv",
      mime_type: "text/csv",
      content: "{{ statement.number }};{{ statement.closing_balance }}",
    },
  ],
};

async function renderStatement(template: string, key?: string) {
  const res = await api("POST", "/v1/render", { template, data, options: finishing }, key);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const bytes = (await download(res.json.url)).bytes;
  return { render: res.json, bytes, ...(await inspectPdf(bytes)) };
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe("a chunked statement", () => {
  it("joins three chunks into one document: numbered across, first and last blocks once, finished once, the same bytes again", async () => {
    const first = await newKey();
    const pdf = await renderStatement(await createTemplate(statement(), first), first);
    expect(pdf.render).toMatchObject({ status: "succeeded", page_count: pdf.pages, billable_units: pdf.pages });
    expect(pdf.pages).toBeGreaterThanOrEqual(3);

    const pages = await pageTexts(pdf.file);
    expect(pages.length).toBe(pdf.pages);
    for (const [i, text] of pages.entries()) {
      expect(text).toContain(`Page ${i + 1} of ${pdf.pages}`);
      expect(text).toContain("Banque Meridian Business current account");
      expect(count(text, "COPY"), `page ${i + 1}`).toBe(1);
    }
    // Each chunk starts a page: the second and third chunks' first rows open theirs, after the table's header.
    for (const row of [25, 50]) {
      const page = pages.findIndex((text) => text.includes(`Ref. ${lines[row]?.ref}`));
      expect(page).toBeGreaterThan(0);
      expect(pages[page - 1]).toContain(`Ref. ${lines[row - 1]?.ref}`);
      expect(pages[page]?.indexOf("DATE DESCRIPTION")).toBeLessThan(
        pages[page]?.indexOf(`Ref. ${lines[row]?.ref}`) ?? 0,
      );
    }
    expect(count(pdf.text, "Account statement")).toBe(1);
    expect(count(pdf.text, "Atelier Lumière SARL")).toBe(1);
    expect(count(pdf.text, "Please check this statement")).toBe(1);
    expect(pages[0]).toContain("Opening balance");
    expect(pages.at(-1)).toContain("Closing balance");

    // The finishing, once for the whole: one XMP packet (PDF/A-3b), one attached file.
    expect(await xmp(pdf.file)).toContain("<pdfaid:part>3</pdfaid:part>");
    const { doc } = await pdfObjects(pdf.file);
    const packets = doc.context
      .enumerateIndirectObjects()
      .filter(
        ([, object]) =>
          object instanceof PDFRawStream && object.dict.get(PDFName.of("Type")) === PDFName.of("Metadata"),
      );
    expect(packets.length).toBe(1);
    expect([...(await attachments(pdf.file)).keys()]).toEqual(["statement.csv"]);

    const second = await newKey();
    const again = await renderStatement(await createTemplate(statement(), second), second);
    expect(again.render.cached).toBe(false);
    expect(sha256(again.bytes)).toBe(sha256(pdf.bytes));
  });

  it("prints an array that fits one chunk as one document, as without chunk: its header and footer in that print, finished once", async () => {
    const key = await newKey();
    const template = await createTemplate(statement(), key);
    const one = { ...finishing, chunk: { ...chunk, size: 1_000 } };
    const res = await api("POST", "/v1/render", { template, data, options: one }, key);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const pdf = await inspectPdf((await download(res.json.url)).bytes);
    const pages = await pageTexts(pdf.file);
    expect(pages.length).toBe(pdf.pages);
    expect(pdf.pages).toBeGreaterThanOrEqual(3);
    for (const [i, text] of pages.entries()) {
      expect(text).toContain(`Page ${i + 1} of ${pdf.pages}`);
      expect(count(text, "COPY"), `page ${i + 1}`).toBe(1);
    }
    expect(pages[0]).toContain("Opening balance");
    expect(pages.at(-1)).toContain("Closing balance");
    expect([...(await attachments(pdf.file)).keys()]).toEqual(["statement.csv"]);
  });

  it("stops at the account's page ceiling: 402, nothing billed or stored", async () => {
    const created = await internal("POST", "/v1/internal/accounts", {
      name: "chunk ceiling",
      limits: { free_renders_per_month: 2 },
    });
    const key = created.json.api_key;
    const template = await createTemplate(statement(), key);
    const res = await api("POST", "/v1/render", { template, data, options: { chunk } }, key);
    expect(res.status, JSON.stringify(res.json)).toBe(402);
    // The first chunk's two pages project five for the statement's 60 rows, past the two the account can pay for:
    // the ceiling's error with that estimate, before the second chunk prints (docs/money.md#page-ceiling).
    expect(res.json.error).toMatchObject({
      type: "quota_exceeded",
      details: { estimated_units: 5, max_units: 2, printed_chunks: 1 },
    });
    expect(res.json.error.message).toMatch(
      /its first chunk projects an estimated 5 units .*stopped there; nothing was stored or billed/,
    );
    expect((await api("GET", "/v1/usage", undefined, key)).json.units).toMatchObject({ used: 0 });
  });

  it("refuses what a chunked render cannot be, each at its place", async () => {
    const template = await createTemplate(statement());
    const refused = async (body: Record<string, unknown>) => {
      const res = await api("POST", "/v1/render", { template, data, ...body });
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      return (res.json.error.errors as Array<{ path: string }>).map((error) => error.path);
    };
    expect(await refused({ format: "png", options: { chunk } })).toEqual(["options.chunk"]);
    expect(await refused({ options: { chunk: { over: "statement", size: 25 } } })).toEqual(["options.chunk.over"]);
    expect(await refused({ options: { chunk: { over: "statement.missing", size: 25 } } })).toEqual([
      "options.chunk.over",
    ]);
    expect(await refused({ options: { chunk: { over: "statement.lines.0", size: 25 } } })).toEqual([
      "options.chunk.over",
    ]);
    expect(await refused({ options: { chunk: { over: "statement.lines", size: 0 } } })).toEqual(["options.chunk.size"]);
    expect(await refused({ options: { chunk: { over: "statement.lines", size: 10_001 } } })).toEqual([
      "options.chunk.size",
    ]);
    expect(await refused({ options: { chunk: ["statement.lines"] } })).toEqual(["options.chunk"]);
    expect(await refused({ options: { chunk, outline: true } })).toEqual(["options.outline"]);
    expect(await refused({ options: { chunk, toc: true, tagged: true } })).toEqual(["options.toc", "options.tagged"]);

    // A chunk that passes a Liquid limit says to make chunks smaller, not to chunk its slice again.
    const doubling = await createTemplate({
      name: "doubling",
      source: "{% assign s = 'xx' %}{% for i in (1..60) %}{% assign s = s | append: s %}{% endfor %}{{ rows | size }}",
    });
    const failed = await api("POST", "/v1/render", {
      template: doubling,
      data: { rows: [1, 2, 3] },
      options: { chunk: { over: "rows", size: 2 } },
    });
    expect(failed.json.error).toMatchObject({
      type: "render_failed",
      details: { stage: "template", limit: "memory_limit", chunk: 0 },
    });
    expect(failed.json.error.message).toMatch(
      /^Chunk 1 of 2 passed a Liquid limit .*lower `options.chunk.size` \(now 2\)/,
    );
    // The same when the array fits one chunk, which prints as one document.
    const whole = await api("POST", "/v1/render", {
      template: doubling,
      data: { rows: [1, 2, 3] },
      options: { chunk: { over: "rows", size: 10 } },
    });
    expect(whole.json.error).toMatchObject({ type: "render_failed", details: { limit: "memory_limit", chunk: 0 } });
    expect(whole.json.error.message).toMatch(
      /^Chunk 1 of 1 passed a Liquid limit .*lower `options.chunk.size` \(now 10\)/,
    );

    const card = await createTemplate({ name: "card", engine: "satori", source: fixture("card.satori.html") });
    const res = await api("POST", "/v1/render", {
      template: card,
      data: { ...fixtureJson("card.data.json"), rows: [] },
      options: { chunk: { over: "rows", size: 1 } },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.errors[0]).toMatchObject({ path: "options.chunk" });
    expect(res.json.error.message).toContain("satori");
  });
});
