import { PDFArray, PDFDict, PDFName, PDFRef } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { createTemplate, inspectPdf, newKey, preview } from "./client";
import { pageTexts } from "./pdf-text";
import { loadStructure, pdfFile } from "./pdf-tools";

// docs/limits.md: a preview prints at most 50 pages; a longer document's preview is its first 50, said cut.
const PAGES =
  '{% for i in (1..n) %}<h1{% unless forloop.first %} style="break-before:page"{% endunless %}>Page {{ i }}</h1>' +
  "{% endfor %}";

/** Every page a structure element names (/Pg) is a page of the document: nothing points past the cut. */
async function structurePagesAreInDocument(file: string): Promise<number> {
  const doc = await loadStructure(file);
  const pages = new Set(doc.getPages().map((page) => page.ref.toString()));
  const root = doc.catalog.lookup(PDFName.of("StructTreeRoot"), PDFDict);
  let named = 0;
  const walk = (node: unknown): void => {
    const value = node instanceof PDFRef ? doc.context.lookup(node) : node;
    if (value instanceof PDFArray) {
      for (const item of value.asArray()) walk(item);
      return;
    }
    if (!(value instanceof PDFDict)) return;
    const page = value.get(PDFName.of("Pg"));
    if (page instanceof PDFRef) {
      named++;
      expect(pages.has(page.toString()), `a structure element names ${page}, no page of the file`).toBe(true);
    }
    walk(value.get(PDFName.of("K")));
  };
  walk(root.get(PDFName.of("K")));
  return named;
}

describe("a preview's page limit", () => {
  it("prints a 51-page document's first 50 pages, marked and said cut; a 50-page one whole", async () => {
    const key = await newKey();
    const template = await createTemplate({ name: "pages", source: PAGES }, key);
    const long = await preview(key, { template, data: { n: 51 } });
    expect(long.status).toBe(200);
    expect(long.headers.get("x-service-page-count")).toBe("50");
    expect(long.headers.get("x-service-preview-truncated")).toBe("true");
    const pdf = await inspectPdf(long.bytes);
    expect(pdf.pages).toBe(50);
    const texts = await pageTexts(pdf.file, { raw: true });
    expect(texts.at(-1)).toMatch(/Page 50[\s\S]*PREVIEW/);
    const fits = await preview(key, { template, data: { n: 50 } });
    expect(fits.headers.get("x-service-page-count")).toBe("50");
    expect(fits.headers.get("x-service-preview-truncated")).toBeNull();
    expect((await inspectPdf(fits.bytes)).pages).toBe(50);
  });

  it("cuts a tagged document at 50 pages with its structure whole: every element names a page of the file", async () => {
    const key = await newKey();
    const res = await preview(key, { source: PAGES, options: { tagged: true, outline: true }, data: { n: 60 } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-service-preview-truncated")).toBe("true");
    const file = pdfFile(res.bytes);
    expect((await loadStructure(file)).getPageCount()).toBe(50);
    expect(await structurePagesAreInDocument(file)).toBeGreaterThanOrEqual(50);
  });

  it("cuts a document with a table of contents, printed in two passes, at 50 pages", async () => {
    const key = await newKey();
    const res = await preview(key, { source: PAGES, options: { toc: true }, data: { n: 55 } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-service-page-count")).toBe("50");
    expect(res.headers.get("x-service-preview-truncated")).toBe("true");
    expect((await inspectPdf(res.bytes)).pages).toBe(50);
  });

  it("cuts a chunked template, which a preview prints as one chunk, at 50 pages", async () => {
    const key = await newKey();
    const source =
      '{% for row in rows %}<h1{% unless forloop.first and chunk.first %} style="break-before:page"{% endunless %}>' +
      "Row {{ row }}</h1>{% endfor %}";
    const rows = Array.from({ length: 120 }, (_, i) => i + 1);
    const res = await preview(key, { source, options: { chunk: { over: "rows", size: 40 } }, data: { rows } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-service-page-count")).toBe("50");
    expect(res.headers.get("x-service-preview-truncated")).toBe("true");
    expect((await inspectPdf(res.bytes)).pages).toBe(50);
  });
});
