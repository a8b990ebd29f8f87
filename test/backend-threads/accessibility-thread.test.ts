// A `pdfua` render's PDF mended and checked in the render backend's side thread (container/src/
// accessibility-thread.ts): Chromium's tagged output comes back mended with the checker's report, the same pixels on
// every page; a document's own fault stays in the report; past the page ceiling it is refused before any mend.
import { readFileSync } from "node:fs";
import { PDFDocument } from "@cantoo/pdf-lib";
import { framedPdf, MAX_PDFUA_PAGES, unframedPdf } from "@folio/render-page/pdfua/accessibility-job";
import { checkPdfUa } from "@folio/render-page/pdfua/check";
import { afterAll, describe, expect, it } from "vitest";
import { accessibilityThread } from "../../container/src/accessibility-thread";
import { differingPages, pagesPixels } from "../pdfua/page-pixels";

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../fixtures/pdfua/${name}`, import.meta.url)));
const SEAT = { accountId: "acct_test", share: "free" } as const;

describe("the accessibility thread", () => {
  const thread = accessibilityThread();
  afterAll(async () => {
    await thread.close();
  });

  it("mends Chromium's tagged PDF and answers a passing report, every page's pixels unchanged", async () => {
    const printed = fixture("link-and-list.pdf");
    const { pdf, report } = await thread.ask({ pdf: printed.slice(), options: {} }, SEAT);
    expect(report).toMatchObject({ checker: "folio-pdfua-1", violations: [] });
    expect(report.checks).toBeGreaterThan(50);
    expect(report.pages_checked).toBe((await PDFDocument.load(printed)).getPageCount());
    expect((await checkPdfUa(pdf)).violations).toEqual([]);
    expect(differingPages(await pagesPixels(printed), await pagesPixels(pdf))).toEqual([]);
  });

  it("leaves the document's own fault in the report: the invoice's first heading is an H2", async () => {
    const { report } = await thread.ask(
      { pdf: fixture("invoice-header-footer.pdf"), options: { pagination: true } },
      SEAT,
    );
    expect(report.violations.map((v) => v.rule)).toEqual(["14-002"]);
  });

  it(`refuses a PDF of more than ${MAX_PDFUA_PAGES} pages: render_failed, stage accessibility, max_pages`, async () => {
    const long = await PDFDocument.create();
    for (let page = 0; page <= MAX_PDFUA_PAGES; page++) long.addPage([200, 200]);
    const refused = await thread.ask({ pdf: await long.save(), options: {} }, SEAT).catch((error) => error);
    expect(refused).toMatchObject({
      type: "render_failed",
      details: { stage: "accessibility", max_pages: MAX_PDFUA_PAGES, retryable: false },
    });
  });

  it("answers bytes that are no PDF as its own failure, in Folio's words", async () => {
    const refused = await thread.ask({ pdf: new TextEncoder().encode("not a pdf"), options: {} }, SEAT).catch((e) => e);
    expect(refused).toMatchObject({ type: "render_failed", details: { stage: "accessibility" } });
    expect(refused.message).toBe("The PDF could not be mended and checked for accessibility.");
  });

  it("frames the options (a title with a newline and non-Latin text) and the PDF both ways", () => {
    const head = { title: "Rechnung\n日本語 🎉", lang: "de-CH" };
    const pdf = new Uint8Array([0x25, 0x50, 0x0a, 0x44, 0x46]);
    expect(unframedPdf(framedPdf(head, pdf))).toEqual({ head, pdf });
  });
});
