import { PDFDocument, PDFName, type PDFRef } from "@cantoo/pdf-lib";
import { readStructureTree } from "@folio/render-page/pdfua/structure-tree";
import { ViolationTally } from "@folio/render-page/pdfua/violations";
import { describe, expect, it } from "vitest";

/** A chain of `depth` Div elements, each the only kid of the one before; the last one's kid is `lastKid`. */
async function chain(depth: number, lastKid?: (first: PDFRef) => PDFRef) {
  const doc = await PDFDocument.create();
  const ctx = doc.context;
  const root = ctx.nextRef();
  const refs = Array.from({ length: depth }, () => ctx.nextRef());
  refs.forEach((ref, i) => {
    const kid = i + 1 < depth ? refs[i + 1] : lastKid?.(refs[0] as PDFRef);
    ctx.assign(
      ref,
      ctx.obj({ Type: "StructElem", S: "Div", P: i === 0 ? root : refs[i - 1], ...(kid ? { K: kid } : {}) }),
    );
  });
  ctx.assign(root, ctx.obj({ Type: "StructTreeRoot", K: refs[0] }));
  doc.catalog.set(PDFName.of("StructTreeRoot"), root);
  return doc;
}

describe("reading the structure tree", () => {
  it("reads a tree nested 50,000 elements deep (a template's nested divs) without exhausting the stack", async () => {
    const doc = await chain(50_000);
    const tree = readStructureTree(doc.catalog, true, new ViolationTally());
    expect(tree?.elements).toHaveLength(50_000);
    expect(tree?.elements.at(-1)?.parent).toBe(tree?.elements.at(-2));
  });

  it("visits an element its descendant names again (a cycle) once", async () => {
    const doc = await chain(3, (first) => first);
    const tally = new ViolationTally();
    expect(readStructureTree(doc.catalog, true, tally)?.elements.map((e) => e.type)).toEqual(["Div", "Div", "Div"]);
    expect(tally.list()).toEqual([]);
  });
});
