import { PDFDocument } from "@cantoo/pdf-lib";
import type { AccessibilityAtPrint } from "@folio/render-page/accessibility-at-print";
import { BACKEND_CONTENT_TYPES, BACKEND_HEADERS, fileFromHeaders } from "@folio/render-page/backend-http-surface";
import { normalizePdf, type PdfMetadata } from "@folio/render-page/pdf-normalize";
import { framedPdf, unframedPdf } from "@folio/render-page/pdfua/accessibility-job";
import { checkPdfUa } from "@folio/render-page/pdfua/check";
import type { PdfUaReport } from "@folio/render-page/pdfua/violations";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Backend, renderOn, startBackend } from "./backend-process";

// A `pdfua` print the render backend mends and checks before it answers (container/src/accessible-print.ts,
// docs/accessibility.md#in-a-render): the file is the one the Worker's two steps make (its normalization, then
// POST /accessibility with the page's link names), byte for byte; a document's fault comes back in the report for the
// Worker to refuse; a job without the whole `accessibility` field is answered as a plain print.
const SECRET = "backend-accessible-print-secret";
const DOCUMENT_ID = "3f6c1e0a9b2d4c5e8f7a6b5c4d3e2f1a0b9c8d7e";
const METADATA = { title: "Invoice INV-7", author: "Northwind Studio" };
const MEND = { title: "Invoice INV-7", lang: "en-GB" };
const OPTIONS = { pdfua: "1", metadata: { title: "Invoice INV-7", lang: "en-GB" } };
const page = (body: string) =>
  `<!doctype html><html lang="en-GB"><head><title>Invoice INV-7</title></head><body>${body}</body></html>`;
const ACCESSIBLE = page(
  `<h1>Invoice INV-7</h1><p>Due on receipt. <a href="https://example.com/terms">Terms of sale</a></p>` +
    `<table><thead><tr><th scope="col">Item</th><th scope="col">Amount</th></tr></thead>` +
    `<tbody><tr><td>Design</td><td>1,200.00</td></tr></tbody></table>`,
);

let backend: Backend;
beforeAll(async () => {
  backend = await startBackend(SECRET);
});
afterAll(() => backend.stop());

const at: AccessibilityAtPrint = { documentId: DOCUMENT_ID, metadata: METADATA, mend: MEND };

/** The Worker's two steps: the print, normalized as the Worker normalizes it, then POST /accessibility. */
async function twoSteps(
  html: string,
  asked = at,
  options: Record<string, unknown> = OPTIONS,
): Promise<{ pdf: Uint8Array; report: PdfUaReport }> {
  const printed = await renderOn(backend, { html, format: "pdf", options });
  expect(printed.status).toBe(200);
  const { linkNames } = fileFromHeaders(printed.headers, 1);
  const normalized = normalizePdf(new Uint8Array(printed.bytes), DOCUMENT_ID, asked.metadata, { tagged: true });
  const response = await fetch(`${backend.url}/accessibility`, {
    method: "POST",
    headers: { "content-type": BACKEND_CONTENT_TYPES.framedPdf, [BACKEND_HEADERS.secret]: SECRET },
    body: framedPdf(linkNames ? { ...asked.mend, linkNames } : asked.mend, normalized),
  });
  expect(response.status).toBe(200);
  const { head, pdf } = unframedPdf<PdfUaReport>(new Uint8Array(await response.arrayBuffer()));
  return { pdf, report: head };
}

describe("a pdfua print mended and checked before the backend answers", () => {
  it("answers the report's line and the file the Worker's two steps make, byte for byte", async () => {
    const answer = await renderOn(backend, { html: ACCESSIBLE, format: "pdf", options: OPTIONS, accessibility: at });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe(BACKEND_CONTENT_TYPES.framedPdf);
    expect(fileFromHeaders(answer.headers, 0).pageCount).toBe(1);
    const { head: report, pdf } = unframedPdf<PdfUaReport>(new Uint8Array(answer.bytes));
    expect(report).toMatchObject({ checker: "folio-pdfua-1", pages_checked: 1, violations: [] });
    expect(await checkPdfUa(pdf)).toEqual(report);
    // Normalized: the render's /ID and the Worker's producer.
    const text = Buffer.from(pdf).toString("latin1");
    const id = DOCUMENT_ID.slice(0, 32).toUpperCase();
    expect(new RegExp(`/ID \\[\\s*<${id}>`).test(text), "the /ID").toBe(true);
    expect(text.includes("/Producer (Folio \\(Chromium\\))"), "the producer").toBe(true);
    const stepped = await twoSteps(ACCESSIBLE);
    expect(stepped.report).toEqual(report);
    expect(Buffer.from(stepped.pdf).equals(Buffer.from(pdf))).toBe(true);
  });

  it("names the file as the Worker would: Chromium's title kept, one outside ASCII, the metadata's, none", async () => {
    const titled = (title: string) =>
      `<!doctype html><html lang="ja"><head>${title}</head><body><h1>請求書</h1><p>Due on receipt.</p></body></html>`;
    const cases: { html: string; metadata: PdfMetadata; title: string | undefined }[] = [
      { html: titled("<title>Invoice (draft) \\ 7</title>"), metadata: {}, title: "Invoice (draft) \\ 7" },
      { html: titled("<title>請求書 INV-7</title>"), metadata: {}, title: "請求書 INV-7" },
      {
        html: titled("<title>Ignored</title>"),
        metadata: { title: "Rechnung ä", creator: "Acme" },
        title: "Rechnung ä",
      },
      // No title at all: the info dictionary nothing changes is copied as the normalization wrote it.
      { html: titled(""), metadata: { subject: "Design", keywords: "a, b" }, title: undefined },
    ];
    for (const { html, metadata, title } of cases) {
      const asked = { documentId: DOCUMENT_ID, metadata, mend: { lang: "ja", title: metadata.title } };
      const options = { pdfua: "1", metadata };
      const answer = await renderOn(backend, { html, format: "pdf", options, accessibility: asked });
      expect(answer.status).toBe(200);
      const { head: report, pdf } = unframedPdf<PdfUaReport>(new Uint8Array(answer.bytes));
      const stepped = await twoSteps(html, asked, options);
      expect(stepped.report, html).toEqual(report);
      expect(Buffer.from(stepped.pdf).equals(Buffer.from(pdf)), html).toBe(true);
      const document = await PDFDocument.load(pdf, { updateMetadata: false });
      expect([document.getTitle(), document.getSubject()]).toEqual([title, metadata.subject]);
      expect([document.getProducer(), document.getCreationDate()]).toEqual(["Folio (Chromium)", undefined]);
    }
  });

  it("answers a document's fault in the report, for the Worker to refuse", async () => {
    const faulty = page(`<h2>Invoice INV-7</h2><p>Due on receipt.</p>`);
    const answer = await renderOn(backend, { html: faulty, format: "pdf", options: OPTIONS, accessibility: at });
    expect(answer.status).toBe(200);
    const { head: report } = unframedPdf<PdfUaReport>(new Uint8Array(answer.bytes));
    expect(report.violations.map((v) => v.rule)).toEqual(["14-002"]);
  });

  it("answers a plain print when the field is not whole, and for a PNG", async () => {
    const partial = { ...at, documentId: undefined } as unknown as typeof at;
    const plain = await renderOn(backend, {
      html: ACCESSIBLE,
      format: "pdf",
      options: OPTIONS,
      accessibility: partial,
    });
    expect(plain.headers.get("content-type")).toBe(BACKEND_CONTENT_TYPES.pdf);
    expect(plain.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const png = await renderOn(backend, { html: ACCESSIBLE, format: "png", options: {}, accessibility: at });
    expect(png.headers.get("content-type")).toBe(BACKEND_CONTENT_TYPES.png);
  });
});
