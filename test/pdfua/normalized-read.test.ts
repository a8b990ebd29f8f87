// A print normalized as the job reads it (packages/render-page/src/pdfua/normalized-read.ts) against the Worker's
// normalization written first (pdf-normalize.ts): the same mended file and report, byte for byte, over Chromium's
// files and the metadata a render may ask; the same refusal for a file the normalization cannot read.
import { readFileSync } from "node:fs";
import { PDFDocument } from "@cantoo/pdf-lib";
import { NO_INFO, normalizePdf, type PdfMetadata } from "@folio/render-page/pdf-normalize";
import { mendAndCheck } from "@folio/render-page/pdfua/accessibility-job";
import { workPages } from "@folio/render-page/pdfua/page-work";
import { describe, expect, it } from "vitest";

const FIXTURES = ["invoice-header-footer.pdf", "japanese-and-emoji.pdf", "link-and-list.pdf"];
const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../fixtures/pdfua/${name}`, import.meta.url)));
const DOCUMENT_ID = "5e1f0c9a8b7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f";
const METADATA: PdfMetadata[] = [
  {},
  { title: "Rechnung (ä) \\ 7", author: "Northwind", subject: "請求書", keywords: "a, b", creator: "Acme" },
  { title: "" },
];
const pages = async (pdf: Uint8Array, pagination: boolean, maxPages: number) => workPages(pdf, pagination, maxPages);

/** The file with an info dictionary as Chromium writes one: dates, its producer, its title. */
async function asChromiumWrites(bytes: Uint8Array): Promise<Uint8Array> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  document.setCreationDate(new Date("2026-11-29T10:00:00Z"));
  document.setModificationDate(new Date("2026-11-29T10:00:01Z"));
  document.setProducer("Skia/PDF m140");
  document.context.trailerInfo.ID = undefined;
  return document.save({ useObjectStreams: false });
}

describe("a print normalized as the job reads it", () => {
  it("is mended and checked to the very file and report the normalization written first gives", async () => {
    for (const name of FIXTURES) {
      const printed = await asChromiumWrites(fixture(name));
      for (const metadata of METADATA) {
        const normalization = { documentId: DOCUMENT_ID, metadata };
        const written = normalizePdf(printed, DOCUMENT_ID, metadata, { tagged: true });
        const first = await mendAndCheck(written, {});
        for (const asRead of [
          await mendAndCheck(printed, {}, undefined, normalization),
          await mendAndCheck(printed, {}, pages, normalization),
        ]) {
          expect(asRead.report, `${name} ${JSON.stringify(metadata)}`).toEqual(first.report);
          expect(Buffer.from(asRead.pdf).equals(Buffer.from(first.pdf)), name).toBe(true);
        }
        const mended = await PDFDocument.load(first.pdf, { updateMetadata: false });
        expect(mended.getProducer()).toBe("Folio (Chromium)");
        expect(mended.getCreationDate()).toBeUndefined();
      }
    }
  });

  it("is refused as the normalization refuses a file without an info dictionary", async () => {
    const document = await PDFDocument.load(fixture("link-and-list.pdf"), { updateMetadata: false });
    document.context.trailerInfo.Info = undefined as unknown as typeof document.context.trailerInfo.Info;
    const bare = await document.save({ useObjectStreams: false });
    expect(new TextDecoder("latin1").decode(bare)).not.toContain("/Info");
    const normalization = { documentId: DOCUMENT_ID, metadata: {} };
    expect(() => normalizePdf(bare, DOCUMENT_ID, {}, { tagged: true })).toThrow(NO_INFO);
    await expect(mendAndCheck(bare, {}, undefined, normalization)).rejects.toThrow(NO_INFO);
    // A file Folio's reader leaves to pdf-lib (its objects in streams) is normalized first, and refused so.
    const streamed = await PDFDocument.load(fixture("link-and-list.pdf"), { updateMetadata: false });
    const objectStreams = await streamed.save({ useObjectStreams: true });
    expect(new TextDecoder("latin1").decode(objectStreams)).toContain("/ObjStm");
    await expect(mendAndCheck(objectStreams, {}, undefined, normalization)).rejects.toThrow(NO_INFO);
  });
});
