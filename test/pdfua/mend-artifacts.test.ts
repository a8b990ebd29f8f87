// The artifact mend: every painting operator outside marked content wrapped in an /Artifact sequence, the bytes
// around it untouched; header and footer templates (printed after the body) as pagination artifacts.
import { readFileSync } from "node:fs";
import { PDFDocument, PDFName } from "@cantoo/pdf-lib";
import { checkPdfUa, pageContents } from "@folio/render-page/pdfua/check";
import { mendForPdfUa } from "@folio/render-page/pdfua/mend";
import { artifactContent } from "@folio/render-page/pdfua/mend-artifacts";
import { describe, expect, it } from "vitest";
import { differingPages, pagesPixels } from "./page-pixels.ts";
import { taggedPdf } from "./tagged-pdf.ts";

const rules = async (bytes: Uint8Array) =>
  Object.fromEntries((await checkPdfUa(bytes)).violations.map((v) => [v.rule, v.count]));
const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const text = (bytes: Uint8Array | null) => (bytes ? String.fromCharCode(...bytes) : null);
const headerFooter = () =>
  new Uint8Array(readFileSync(new URL("../../fixtures/pdfua/invoice-header-footer.pdf", import.meta.url)));

async function firstPageContent(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const page = doc.getPages()[0];
  return page ? String.fromCharCode(...pageContents(page.node)) : "";
}

/** `bytes` with `content` drawn last on its first page, as the watermark and the preview mark are. */
async function withDrawnLast(bytes: Uint8Array, content: string): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const page = doc.getPages()[0];
  if (!page) throw new Error("the fixture has a page");
  const joined = `q\n${String.fromCharCode(...pageContents(page.node))}Q\n${content}\n`;
  page.node.set(PDFName.of("Contents"), doc.context.register(doc.context.flateStream(latin1(joined))));
  return doc.save();
}

describe("the artifact mend's rewriting", () => {
  it("wraps whole path and text objects outside marked content, and text showing around a text object's own sequences", () => {
    const content =
      "q 0 0 1 1 re f BT /F1 9 Tf (a) Tj /P <</MCID 0>> BDC (b) Tj EMC (c) Tj ET 1 1 2 2 re W n 3 3 m 4 4 l S " +
      "/P <</MCID 1>> BDC (d) Tj EMC BT (e) Tj ET BT (f) Tj ET Q";
    expect(text(artifactContent(latin1(content), null, false))).toBe(
      "q\n/Artifact BMC\n 0 0 1 1 re f\nEMC\n BT /F1 9 Tf\n/Artifact BMC\n (a) Tj\nEMC\n /P <</MCID 0>> BDC (b) Tj EMC" +
        "\n/Artifact BMC\n (c) Tj\nEMC\n ET 1 1 2 2 re W n\n/Artifact BMC\n 3 3 m 4 4 l S\nEMC\n /P <</MCID 1>> BDC (d) Tj EMC" +
        "\n/Artifact BMC\n BT (e) Tj ET BT (f) Tj ET Q\nEMC\n",
    );
  });

  it("a sequence that neither tags nor hides (Chromium's /Span <</ActualText (-)>> around a glyph) is looked through", () => {
    const spanned = "q BT /F1 8 Tf (a) Tj /Span <</ActualText (-)>> BDC (b) Tj EMC (c) Tj ET Q";
    expect(text(artifactContent(latin1(spanned), null, false))).toBe(`q\n/Artifact BMC\n ${spanned.slice(2)}\nEMC\n`);
    const path = "/Span <</ActualText (-)>> BDC 0 0 1 1 re f EMC";
    expect(text(artifactContent(latin1(path), null, false))).toBe(
      "/Span <</ActualText (-)>> BDC\n/Artifact BMC\n 0 0 1 1 re f\nEMC\n EMC",
    );
  });

  it("copies every other byte as it was: binary inline image data and strings; a tagged form's drawing is left", () => {
    const image = "BI /W 2 /H 1 /BPC 8 /CS /G ID \x80\x9f\xff\x00 EI";
    const bytes = latin1(`/P <</MCID 0>> BDC (x) Tj EMC ${image} (\x80\x9f) Tj`);
    expect(text(artifactContent(bytes, null, false))).toBe(
      `/P <</MCID 0>> BDC (x) Tj EMC\n/Artifact BMC\n ${image} (\x80\x9f) Tj\nEMC\n`,
    );
    expect(artifactContent(latin1("/P <</MCID 0>> BDC 0 0 1 1 re f EMC /Artifact BMC (y) Tj EMC"), null, false)).toBe(
      null,
    );
  });
});

describe("the artifact mend on pages", () => {
  it("untagged text and paths (01-005): artifacts, the pixels as they were", async () => {
    const printed = await taggedPdf("untagged-text", "untagged-path");
    expect(await rules(printed)).toEqual({ "01-005": 2 });
    const mended = await mendForPdfUa(printed, { title: "Invoice INV-1" });
    expect(await rules(mended)).toEqual({});
    expect(differingPages(await pagesPixels(printed), await pagesPixels(mended))).toEqual([]);
  });

  it("header and footer templates: pagination artifacts after the body; plain ones when the render had none", async () => {
    const paginated = await firstPageContent(await mendForPdfUa(headerFooter(), { pagination: true }));
    // One sequence from the header's first text object to the footer's page number, holding no tagged content.
    const margins = paginated.split("/Artifact <</Type /Pagination>> BDC");
    expect(margins).toHaveLength(2);
    const [header, footer] = [margins[1]?.indexOf("52.90625 58 Tm"), margins[1]?.indexOf("737.79688 1078 Tm")];
    expect(header).toBeGreaterThan(-1);
    expect(footer).toBeGreaterThan(header ?? 0);
    expect(margins[1]).not.toContain("MCID");
    const plain = await firstPageContent(await mendForPdfUa(headerFooter()));
    expect(plain).not.toContain("Pagination");
    expect(plain.split("/Artifact BMC")[1]).toBe(margins[1]);
  });

  it("a mark drawn last inside its own /Artifact sequence stays as it is, and does not move where the margins start", async () => {
    const mark = "/Artifact BMC q BT /F4 40 Tf 1 0 0 1 100 400 Tm <0037> Tj ET Q EMC";
    const marked = await withDrawnLast(headerFooter(), mark);
    const mended = await mendForPdfUa(marked, { pagination: true });
    expect(await rules(mended)).toEqual({ "14-002": 1 });
    const content = await firstPageContent(mended);
    // The margins' pagination artifact closes before it; the mark's own sequence follows untouched.
    const margins = content.lastIndexOf("/Artifact <</Type /Pagination>> BDC");
    expect(margins).toBeGreaterThan(-1);
    expect(content.slice(margins).trimEnd().endsWith(`Q\nEMC\n\n${mark}`)).toBe(true);
    expect(differingPages(await pagesPixels(marked), await pagesPixels(mended))).toEqual([]);
  });

  it("a mark drawn last outside any sequence: made an artifact too", async () => {
    const marked = await withDrawnLast(headerFooter(), "q BT /F4 40 Tf 1 0 0 1 100 400 Tm <0037> Tj ET Q");
    expect((await rules(marked))["01-005"]).toBeGreaterThan(0);
    const mended = await mendForPdfUa(marked);
    expect(await rules(mended)).toEqual({ "14-002": 1 });
    expect(differingPages(await pagesPixels(marked), await pagesPixels(mended))).toEqual([]);
  });
});
