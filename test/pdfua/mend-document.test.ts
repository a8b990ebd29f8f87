// The document-level mends, each on a file that lacks what it adds: the XMP (with and without PDF/A and Factur-X),
// the catalog's entries, link annotations' /Contents (the caller's names, else their address), and a Link element
// for each annotation outside the structure tree.
import { readFileSync } from "node:fs";
import { type PDFDict, PDFDocument, PDFName } from "@cantoo/pdf-lib";
import { applyFinishing } from "@folio/render-page/pdf-finish";
import { checkPdfUa } from "@folio/render-page/pdfua/check";
import { mendForPdfUa } from "@folio/render-page/pdfua/mend";
import { MAX_UNTAGGED_LINKS } from "@folio/render-page/pdfua/mend-untagged-links";
import { dictAt, dictOf, entry, itemsAt, numberAt, streamBytes, textAt } from "@folio/render-page/pdfua/pdf-values";
import { describe, expect, it } from "vitest";
import { differingPages, pagesPixels } from "./page-pixels.ts";
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

/** The document element: the structure tree root's first kid. */
const documentElement = (root: PDFDict | null) => dictOf(itemsAt(root, "K")[0]);

/** The corpus file's link as Chromium prints a header's: no /StructParent, no OBJR, and twice (as on two pages). */
async function linkOutsideTwice(): Promise<Uint8Array> {
  const doc = await load(await taggedPdf("link-outside-structure"));
  const page = doc.getPages()[0];
  const annotation = dictOf(itemsAt(page?.node ?? null, "Annots")[0]);
  if (!page || !annotation) throw new Error("the corpus file has no link annotation");
  annotation.delete(PDFName.of("StructParent"));
  const copy = doc.context.register(annotation.clone());
  page.node.set(PDFName.of("Annots"), doc.context.obj([...(page.node.Annots()?.asArray() ?? []), copy]));
  return doc.save({ useObjectStreams: false });
}

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
  it("the page's names, one per Link element in order, give the /Contents; a list of another length gives none", async () => {
    const printed = fixture("link-and-list.pdf");
    expect(await contents(await mendForPdfUa(printed, { linkNames: [" the terms "] }))).toEqual(["the terms"]);
    // The caller's text for the target is what a name-less link falls back to before its address.
    const blank = await mendForPdfUa(printed, { linkNames: [""], links: { "https://example.com/terms": "by target" } });
    expect(await contents(blank)).toEqual(["by target"]);
    for (const linkNames of [["one", "two"], []])
      expect(await contents(await mendForPdfUa(printed, { linkNames }))).toEqual(["https://example.com/terms"]);
  });

  it("a Link that shows no text (an icon named by aria-label) gets its name as /Alt too (FOLIO-LINK-TEXT)", async () => {
    const icon = await taggedPdf("link-without-text");
    expect(await rules(await mendForPdfUa(icon, { title: "Invoice INV-1" }))).toEqual({ "FOLIO-LINK-TEXT": 1 });
    const named = await mendForPdfUa(icon, { title: "Invoice INV-1", linkNames: ["Help centre"] });
    expect(await rules(named)).toEqual({});
    const root = dictAt((await load(named)).catalog, "StructTreeRoot");
    const link = itemsAt(dictOf(itemsAt(root, "K")[0]), "K")
      .map(dictOf)
      .find((kid) => entry(kid, "S")?.toString() === "/Link");
    expect(textAt(link ?? null, "Alt")).toBe("Help centre");
  });

  it("annotations outside the structure tree (a header's link): one Link element per target, last; pixels kept", async () => {
    const bytes = await linkOutsideTwice();
    expect(await rules(bytes)).toMatchObject({ "28-011": 2 });
    const mended = await mendForPdfUa(bytes, { title: "Invoice INV-1" });
    expect(await rules(mended)).toEqual({});
    const doc = await load(mended);
    const root = dictAt(doc.catalog, "StructTreeRoot");
    const last = itemsAt(documentElement(root), "K").at(-1);
    expect(textAt(dictOf(last), "Alt")).toBe("Terms of sale");
    const annotations = doc.getPages()[0]?.node.Annots()?.asArray() ?? [];
    expect(itemsAt(dictOf(last), "K").map((kid) => dictOf(kid)?.get(PDFName.of("Obj")))).toEqual(annotations);
    // Each annotation's /StructParent leads back to that element through the parent tree.
    const parents = new Map<number, unknown>();
    const nums = itemsAt(dictAt(root, "ParentTree"), "Nums");
    for (let i = 0; i < nums.length; i += 2) parents.set(Number(nums[i]?.toString()), nums[i + 1]);
    const keys = annotations.map((ref) => numberAt(dictOf(doc.context.lookup(ref)), "StructParent") ?? -1);
    expect(keys.map((key) => parents.get(key))).toEqual([last, last]);
    expect(numberAt(root, "ParentTreeNextKey")).toBe(Math.max(...keys) + 1);
    expect(differingPages(await pagesPixels(bytes), await pagesPixels(mended))).toEqual([]);
    const again = await load(await mendForPdfUa(mended));
    expect(itemsAt(documentElement(dictAt(again.catalog, "StructTreeRoot")), "K")).toHaveLength(
      itemsAt(documentElement(root), "K").length,
    );
  });
  it("past MAX_UNTAGGED_LINKS untagged annotations none is tagged: the check reports 28-011 at once", async () => {
    const doc = await load(await linkOutsideTwice());
    const page = doc.getPages()[0];
    const annotation = page?.node.Annots()?.get(0);
    if (!page || !annotation) throw new Error("the file has no link annotation");
    page.node.set(PDFName.of("Annots"), doc.context.obj(Array(MAX_UNTAGGED_LINKS + 1).fill(annotation)));
    const mended = await mendForPdfUa(await doc.save(), { title: "Invoice INV-1" });
    expect(await rules(mended)).toEqual({ "28-011": MAX_UNTAGGED_LINKS + 1 });
  });
});
