import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, type PDFRef } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { signPdf } from "../../src/render/pdf/signing/sign-pdf";
import { testSigner } from "./signing-fixture";

// docs/signing.md#with-pdfa-and-pdfua: in a tagged document the signature's widget sits in a Form element with /Alt,
// entered in the parent tree, the page's tab order following the structure; an untagged one gains no structure.

/** A tagged one-page document as Chromium writes one: a Document element and a flat parent tree. */
async function taggedPdf(parentTree: "nums" | "kids" | "none"): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const context = doc.context;
  const rootRef = context.nextRef();
  const documentRef = context.register(context.obj({ Type: "StructElem", S: "Document", P: rootRef, K: [] }));
  const leaf = { Nums: [0, [documentRef]] };
  const trees = {
    nums: { ParentTree: context.obj(leaf) },
    kids: { ParentTree: context.obj({ Kids: [context.register(context.obj({ ...leaf, Limits: [0, 0] }))] }) },
    none: {},
  };
  context.assign(rootRef, context.obj({ Type: "StructTreeRoot", K: documentRef, ...trees[parentTree] }));
  doc.catalog.set(PDFName.of("StructTreeRoot"), rootRef);
  page.node.set(PDFName.of("StructParents"), PDFNumber.of(0));
  return doc.save({ useObjectStreams: false });
}

async function signedStructure(original: Uint8Array) {
  const { key } = await testSigner("EC-P256");
  const doc = await PDFDocument.load(await signPdf(original, { key, signedAt: new Date("2026-11-28T10:00:00Z") }));
  const root = doc.catalog.lookup(PDFName.of("StructTreeRoot"), PDFDict);
  const documentElement = root.lookup(PDFName.of("K"), PDFDict);
  const kids = documentElement.lookup(PDFName.of("K"), PDFArray);
  const form = kids.lookup(kids.size() - 1, PDFDict);
  const widgetRef = doc.getPage(0).node.lookup(PDFName.of("Annots"), PDFArray).get(0) as PDFRef;
  return { doc, root, form, widgetRef, widget: doc.context.lookup(widgetRef, PDFDict) };
}

/** Every [key, value] pair of a number tree, through its kids. */
function numberTreeEntries(doc: PDFDocument, node: PDFDict): Array<[number, unknown]> {
  const nums = node.lookup(PDFName.of("Nums"));
  const own: Array<[number, unknown]> = [];
  if (nums instanceof PDFArray)
    for (let i = 0; i < nums.size(); i += 2) own.push([(nums.get(i) as PDFNumber).asNumber(), nums.get(i + 1)]);
  const kids = node.lookup(PDFName.of("Kids"));
  const below = kids instanceof PDFArray ? kids.asArray().map((kid) => doc.context.lookup(kid, PDFDict)) : [];
  return [...own, ...below.flatMap((kid) => numberTreeEntries(doc, kid))];
}

describe("the signature in a tagged document", () => {
  it.each(["nums", "kids", "none"] as const)(
    "is a Form element with /Alt holding the widget, in the parent tree (%s)",
    async (parentTree) => {
      const { doc, root, form, widgetRef, widget } = await signedStructure(await taggedPdf(parentTree));
      expect(form.get(PDFName.of("S"))).toEqual(PDFName.of("Form"));
      expect(form.lookup(PDFName.of("Alt"))?.toString()).toMatch(/^<FEFF/);
      const objr = form.lookup(PDFName.of("K"), PDFDict);
      expect(objr.get(PDFName.of("Type"))).toEqual(PDFName.of("OBJR"));
      expect(objr.get(PDFName.of("Obj"))).toBe(widgetRef);
      const key = (widget.get(PDFName.of("StructParent")) as PDFNumber).asNumber();
      expect(key).toBe(parentTree === "none" ? 0 : 1);
      const entries = numberTreeEntries(doc, root.lookup(PDFName.of("ParentTree"), PDFDict));
      const entered = entries.find(([k]) => k === key)?.[1] as PDFRef;
      expect(doc.context.lookup(entered)).toBe(form);
      expect(root.get(PDFName.of("ParentTreeNextKey"))).toEqual(PDFNumber.of(key + 1));
      expect(doc.getPage(0).node.get(PDFName.of("Tabs"))).toEqual(PDFName.of("S"));
      expect(widget.lookup(PDFName.of("TU"))?.toString()).toBe(form.lookup(PDFName.of("Alt"))?.toString());
    },
  );

  it("leaves an untagged document without structure", async () => {
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]);
    const { key } = await testSigner("EC-P256");
    const signed = await PDFDocument.load(await signPdf(await doc.save(), { key, signedAt: new Date() }));
    expect(signed.catalog.get(PDFName.of("StructTreeRoot"))).toBeUndefined();
  });
});
