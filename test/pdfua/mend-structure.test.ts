// The structure mends, each on a file that needs it and no other: LBody (09-005), TR (09-004), the role map
// (02-001). Each element a mend adds is linked both ways: its kids' /P, and the parent tree for its marked content.
import { readFileSync } from "node:fs";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, type PDFRef } from "@cantoo/pdf-lib";
import { checkPdfUa } from "@folio/render-page/pdfua/check";
import { mendForPdfUa } from "@folio/render-page/pdfua/mend";
import { describe, expect, it } from "vitest";
import { differingPages, pagesPixels } from "./page-pixels.ts";
import { taggedPdf } from "./tagged-pdf.ts";

const rules = async (bytes: Uint8Array) =>
  Object.fromEntries((await checkPdfUa(bytes)).violations.map((v) => [v.rule, v.count]));
const TITLE = { title: "Invoice INV-1" };

/** Every structure element of the file by type, each with its kids' types (MCIDs as their number). */
async function elements(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const found: Array<{ ref: PDFRef; dict: PDFDict; type: string; kids: string[] }> = [];
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of("Type"))?.toString() !== "/StructElem") continue;
    const k = object.lookup(PDFName.of("K"));
    const kids = (k instanceof PDFArray ? k.asArray() : k ? [k] : []).map((kid) => {
      const element = doc.context.lookup(kid);
      if (element instanceof PDFNumber) return String(element.asNumber());
      return element instanceof PDFDict ? String(element.get(PDFName.of("S")) ?? element.get(PDFName.of("Type"))) : "?";
    });
    found.push({ ref, dict: object, type: String(object.get(PDFName.of("S"))), kids });
  }
  return { doc, found };
}

/** The file with every element of type `from` written as `to`. */
async function retyped(bytes: Uint8Array, from: string, to: string) {
  const { doc, found } = await elements(bytes);
  for (const element of found) if (element.type === `/${from}`) element.dict.set(PDFName.of("S"), PDFName.of(to));
  return doc.save({ useObjectStreams: false });
}

async function mendedWithPixels(bytes: Uint8Array) {
  const mended = await mendForPdfUa(bytes, TITLE);
  expect(differingPages(await pagesPixels(bytes), await pagesPixels(mended))).toEqual([]);
  return mended;
}

/** The test document with its LI holding MCID 6 itself (its LBody gone), the parent tree leading 6 to the LI. */
async function itemHoldingContent(parentTree?: (doc: PDFDocument) => PDFDict) {
  const { doc, found } = await elements(await taggedPdf());
  const lbody = found.find((e) => e.type === "/LBody");
  const item = found.find((e) => e.type === "/LI");
  if (!lbody || !item) throw new Error("the test document has a list item");
  item.dict.set(PDFName.of("K"), doc.context.obj([item.dict.lookup(PDFName.of("K"), PDFArray).get(0), 6]));
  const root = doc.catalog.lookup(PDFName.of("StructTreeRoot"), PDFDict);
  root
    .lookup(PDFName.of("ParentTree"), PDFDict)
    .lookup(PDFName.of("Nums"), PDFArray)
    .lookup(1, PDFArray)
    .set(6, item.ref);
  if (parentTree) root.set(PDFName.of("ParentTree"), parentTree(doc));
  doc.context.delete(lbody.ref);
  return doc.save({ useObjectStreams: false });
}

describe("the LBody mend", () => {
  it("an LI holding its content without LBody: the content goes into one (09-005)", async () => {
    const printed = await taggedPdf("li-without-lbody");
    expect(await rules(printed)).toEqual({ "09-005": 1 });
    const mended = await mendedWithPixels(printed);
    expect(await rules(mended)).toEqual({});
    const { found } = await elements(mended);
    expect(found.find((e) => e.type === "/LI")?.kids).toEqual(["/Lbl", "/LBody"]);
    const lbody = found.find((e) => e.type === "/LBody");
    expect(lbody?.kids).toEqual(["/P"]);
    const paragraph = found.find((e) => e.kids.length === 1 && e.kids[0] === "6");
    expect(String(paragraph?.dict.get(PDFName.of("P")))).toBe(String(lbody?.ref));
  });

  it("an LI holding marked content itself: an LBody takes the MCID, and the parent tree follows", async () => {
    const printed = await itemHoldingContent();
    // The checker counts elements out of place, not content: an LI's own text is the mend's alone to find.
    expect(await rules(printed)).toEqual({});
    const mended = await mendedWithPixels(printed);
    expect(await rules(mended)).toEqual({});
    const after = await elements(mended);
    const made = after.found.find((e) => e.type === "/LBody");
    expect(made?.kids).toEqual(["6"]);
    const tree = after.doc.catalog
      .lookup(PDFName.of("StructTreeRoot"), PDFDict)
      .lookup(PDFName.of("ParentTree"), PDFDict);
    expect(String(tree.lookup(PDFName.of("Nums"), PDFArray).lookup(1, PDFArray).get(6))).toBe(String(made?.ref));
  });

  it("a parent tree whose nodes lead back to themselves, twice each: searched once, the mend finishes", async () => {
    const printed = await itemHoldingContent((doc) => {
      const node = doc.context.obj({});
      const ref = doc.context.register(node);
      node.set(PDFName.of("Kids"), doc.context.obj([ref, ref]));
      return node;
    });
    const mended = await mendForPdfUa(printed, TITLE);
    expect((await elements(mended)).found.find((e) => e.type === "/LBody")?.kids).toEqual(["6"]);
  }, 5_000);
});

describe("the TR and role map mends", () => {
  it("a TD straight under its Table, and TDs straight under a TBody: each run of cells goes into a TR (09-004)", async () => {
    const loose = await taggedPdf("td-outside-tr");
    expect(Object.keys(await rules(loose))).toEqual(["09-004"]);
    expect(await rules(await mendedWithPixels(loose))).toEqual({});
    // The good file's rows written as row groups: THead > TH and TBody > TD, as Chromium tags <thead> and <tbody>.
    const groups = await retyped(await taggedPdf(), "TR", "TBody");
    expect((await rules(groups))["09-004"]).toBeGreaterThan(0);
    const mended = await mendedWithPixels(groups);
    expect(await rules(mended)).toEqual({});
    const { found } = await elements(mended);
    expect(found.filter((e) => e.type === "/TBody").map((e) => e.kids)).toEqual([["/TR"], ["/TR"]]);
    expect(
      found
        .filter((e) => e.type === "/TR")
        .map((e) => e.kids.join())
        .sort(),
    ).toEqual(["/TD", "/TH"]);
  });

  it("Chromium's Strong, a PDF 2.0 type: role-mapped to Span (02-001); a role map's broken chain is completed", async () => {
    const invoice = new Uint8Array(
      readFileSync(new URL("../../fixtures/pdfua/invoice-tagged-outline.pdf", import.meta.url)),
    );
    expect((await rules(invoice))["02-001"]).toBe(2);
    const mended = await mendForPdfUa(invoice);
    expect((await rules(mended))["02-001"]).toBeUndefined();
    const doc = await PDFDocument.load(mended);
    const roleMap = doc.catalog.lookup(PDFName.of("StructTreeRoot"), PDFDict).lookup(PDFName.of("RoleMap"), PDFDict);
    expect(String(roleMap.get(PDFName.of("Strong")))).toBe("/Span");
    // Invoice -> Statement, and Statement maps to nothing: Statement is mapped, Invoice's own entry kept.
    const chained = await mendedWithPixels(await taggedPdf("unmapped-type"));
    expect(await rules(chained)).toEqual({});
    const map = (await PDFDocument.load(chained)).catalog
      .lookup(PDFName.of("StructTreeRoot"), PDFDict)
      .lookup(PDFName.of("RoleMap"), PDFDict);
    expect([String(map.get(PDFName.of("Invoice"))), String(map.get(PDFName.of("Statement")))]).toEqual([
      "/Statement",
      "/NonStruct",
    ]);
  });
});
