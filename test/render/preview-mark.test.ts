import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { previewOptions } from "../../src/domain/previews/create-preview";
import { withMarkSvg } from "../../src/render/pdf/preview-mark";
import { markPdfPages } from "../../src/render/pdf/preview-mark-pdf";
import { layoutSatoriCard, satoriTree } from "../../src/render/satori/satori";

// README "Previews": the mark is drawn onto the output, last, whatever the document says.
async function pdfOf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([595, 842]).drawText(`Page ${i + 1}`, { x: 50, y: 700 });
  return doc.save();
}

describe("the preview mark", () => {
  it("ends every page's content with PREVIEW in an embedded font, inside an /Artifact sequence", async () => {
    const marked = await PDFDocument.load(await markPdfPages(await pdfOf(3)));
    expect(marked.getPageCount()).toBe(3);
    for (const page of marked.getPages()) {
      const contents = page.node.Contents();
      const streams =
        contents instanceof PDFArray ? contents.asArray().map((ref) => marked.context.lookup(ref)) : [contents];
      // One stream holds the page and the mark: there is no stream to delete that takes the mark alone.
      expect(streams).toHaveLength(1);
      const last = Buffer.from(decodePDFRawStream(streams.at(-1) as PDFRawStream).decode()).toString("latin1");
      expect(last).toMatch(/^q\n[\s\S]*Tj[\s\S]*\nQ\n\/Artifact BMC[\s\S]*Tj[\s\S]*EMC\s*$/);
      const fonts = page.node.Resources()!.lookup(PDFName.of("Font"), PDFDict);
      const font = fonts.lookup(fonts.keys().at(-1)!, PDFDict);
      const descendant = font.lookup(PDFName.of("DescendantFonts"), PDFArray).lookup(0, PDFDict);
      const descriptor = descendant.lookup(PDFName.of("FontDescriptor"), PDFDict);
      expect(descriptor.lookup(PDFName.of("FontName"))?.toString()).toMatch(/Inter/);
      expect(descriptor.has(PDFName.of("FontFile2")) || descriptor.has(PDFName.of("FontFile3"))).toBe(true);
    }
    // The page's own streams are gone from the file, not only from the page: none is left to point the page back at.
    const texts = marked.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter((object) => object instanceof PDFRawStream && !object.dict.has(PDFName.of("Length1")))
      .map((stream) => Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString("latin1"))
      .filter((content) => /\bBT\b/.test(content));
    expect(texts).toHaveLength(3);
  });

  it("closes a card's SVG with the mark laid out by Satori, after everything the card drew", async () => {
    const card = await layoutSatoriCard(
      satoriTree("<div style='display:flex;width:100%;height:100%;background:#fff'>Hi</div>"),
      600,
      315,
    );
    const marked = await withMarkSvg(card, 600, 315);
    expect(marked.startsWith(card.slice(0, card.lastIndexOf("</svg>")))).toBe(true);
    expect(marked.endsWith("</svg>")).toBe(true);
    expect(marked.length).toBeGreaterThan(card.length + 200);
  });
});

describe("a preview's time", () => {
  it("is at most 10 s on a page, whatever the request or the template's defaults ask", () => {
    expect(previewOptions({ timeout_ms: 30_000 }).timeout_ms).toBe(10_000);
    expect(previewOptions({}).timeout_ms).toBe(10_000);
    expect(previewOptions({ timeout_ms: 2_000, tagged: true })).toEqual({ timeout_ms: 2_000, tagged: true });
  });
});
