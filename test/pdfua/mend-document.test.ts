// The document-level mends, each on a file that lacks what it adds: the XMP (with and without PDF/A and Factur-X),
// the catalog's entries, and link annotations' /Contents.
import { readFileSync } from "node:fs";
import { PDFDocument, PDFName } from "@cantoo/pdf-lib";
import { applyFinishing } from "@folio/render-page/pdf-finish";
import { checkPdfUa } from "@folio/render-page/pdfua/check";
import { mendForPdfUa } from "@folio/render-page/pdfua/mend";
import { dictOf, entry, itemsAt, streamBytes, textAt } from "@folio/render-page/pdfua/pdf-values";
import { describe, expect, it } from "vitest";
import { taggedPdf } from "./tagged-pdf.ts";

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../fixtures/pdfua/${name}`, import.meta.url)));
const rules = async (bytes: Uint8Array) =>
  Object.fromEntries((await checkPdfUa(bytes)).violations.map((v) => [v.rule, v.count]));
const load = (bytes: Uint8Array) => PDFDocument.load(bytes, { updateMetadata: false });
const xmpOf = async (bytes: Uint8Array) =>
  new TextDecoder().decode(streamBytes(entry((await load(bytes)).catalog, "Metadata")) ?? new Uint8Array());

/** The link-and-list fixture finished as a render with `pdfa` (and `e_invoice`) finishes it. */
async function finished(facturX: boolean) {
  const doc = await load(fixture("link-and-list.pdf"));
  await applyFinishing(doc, {
    attachments: [],
    pdfa: "3b",
    facturX: facturX ? { xml: "<rsm:CrossIndustryInvoice/>", level: "EN 16931", fileName: "factur-x.xml" } : undefined,
  });
  return doc.save();
}

describe("the XMP mend", () => {
  it("a file without XMP gets pdfuaid:part 1 and dc:title from the title given, escaped (06-001 to 06-003)", async () => {
    const printed = await taggedPdf("no-xmp");
    expect(await rules(printed)).toEqual({ "06-001": 1 });
    const mended = await mendForPdfUa(printed, { title: "Tom & Jerry <Invoice>" });
    expect(await rules(mended)).toEqual({});
    const xmp = await xmpOf(mended);
    expect(xmp).toContain("<pdfuaid:part>1</pdfuaid:part>");
    expect(xmp).toContain("Tom &#38; Jerry &#60;Invoice&#62;");
    expect(xmp).not.toContain("pdfaid:");
    expect((await load(mended)).getTitle()).toBe("Tom & Jerry <Invoice>");
  });

  it("without a title given, Chromium's (from <title>) is the one written", async () => {
    expect(await xmpOf(await mendForPdfUa(fixture("link-and-list.pdf")))).toContain(
      '<rdf:li xml:lang="x-default">Terms</rdf:li>',
    );
  });

  it("a PDF/A-3b Factur-X file: its part, Info mirror and Factur-X schemas kept, pdfuaid described in the same bag", async () => {
    const mended = await mendForPdfUa(await finished(true));
    expect(await rules(mended)).toEqual({});
    const xmp = await xmpOf(mended);
    expect(xmp).toContain("<pdfaid:part>3</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance>");
    expect(xmp).toContain("<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>");
    expect(xmp.match(/<pdfaExtension:schemas>/g)).toHaveLength(1);
    const bag = /<pdfaExtension:schemas><rdf:Bag>([\s\S]*?)<\/rdf:Bag>/.exec(xmp)?.[1] ?? "";
    expect([...bag.matchAll(/<pdfaSchema:prefix>(\w+)</g)].map((m) => m[1])).toEqual(["fx", "pdfuaid"]);
    expect(xmp).toContain("<pdfuaid:part>1</pdfuaid:part>");
  });

  it("a PDF/A file without Factur-X: the bag describes pdfuaid alone; mending again adds nothing", async () => {
    const mended = await mendForPdfUa(await mendForPdfUa(await finished(false)));
    const xmp = await xmpOf(mended);
    expect([...xmp.matchAll(/<pdfaSchema:prefix>(\w+)</g)].map((m) => m[1])).toEqual(["pdfuaid"]);
    expect(xmp.match(/<pdfuaid:part>/g)).toHaveLength(1);
    expect(await rules(mended)).toEqual({});
  });
});

describe("the catalog mend", () => {
  it("no DisplayDocTitle, /Lang, MarkInfo or /Tabs, and Suspects true: each set, the language the one given", async () => {
    const printed = await taggedPdf("no-display-doc-title", "no-lang", "no-mark-info", "no-tabs");
    expect(Object.keys(await rules(printed))).toEqual(expect.arrayContaining(["07-001", "11-001", "28-008"]));
    const mended = await mendForPdfUa(printed, { title: "Invoice INV-1", lang: "de-CH" });
    expect(await rules(mended)).toEqual({});
    expect(String((await load(mended)).catalog.get(PDFName.of("Lang")))).toBe("(de-CH)");
    expect(await rules(await mendForPdfUa(await taggedPdf("suspects"), { title: "Invoice INV-1" }))).toEqual({});
  });

  it("the document's own language (<html lang>) wins over the one given", async () => {
    const mended = await mendForPdfUa(fixture("link-and-list.pdf"), { lang: "de" });
    expect(String((await load(mended)).catalog.get(PDFName.of("Lang")))).toBe("(en)");
  });
});

describe("the link mend", () => {
  const contents = async (bytes: Uint8Array) => {
    const doc = await load(bytes);
    return itemsAt(doc.getPages()[0]?.node ?? null, "Annots").map((annot) => textAt(dictOf(annot), "Contents"));
  };

  it("a link without /Contents gets the caller's text for its target, else its URL (28-012, 28-004)", async () => {
    const printed = fixture("link-and-list.pdf");
    const byUrl = await mendForPdfUa(printed);
    expect(await rules(byUrl)).toEqual({});
    expect(await contents(byUrl)).toEqual(["https://example.com/terms"]);
    const byText = await mendForPdfUa(printed, { links: { "https://example.com/terms": " terms of sale " } });
    expect(await contents(byText)).toEqual(["terms of sale"]);
    // The caller's texts are read as its own keys only: an inherited one is no text.
    const built = await taggedPdf("link-without-contents");
    expect(await rules(built)).toEqual({ "28-004": 1, "28-012": 1 });
    const links = Object.create({ "https://example.com/terms": "inherited" });
    const inherited = await mendForPdfUa(built, { title: "Invoice INV-1", links });
    expect(await rules(inherited)).toEqual({});
    expect(await contents(inherited)).toEqual(["https://example.com/terms"]);
  });
});
