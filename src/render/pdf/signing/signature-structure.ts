// The signature's widget in a tagged document's structure (docs/signing.md#with-pdfa-and-pdfua): a Form element
// whose /Alt names the signer, holding the widget by an object reference, with the widget's /StructParent entered
// in the parent tree. PDF/UA wants every widget in a Form element (Matterhorn 28-010) and a description for a field
// (28-005); the page's tab order follows the structure (/Tabs /S). An untagged document is left as it is.

import { PDFArray, PDFDict, type PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRef } from "@cantoo/pdf-lib";

/** The objects the update changes, by the reference the file knows each under. */
type Changed = Set<PDFRef>;

/** A dictionary and the object that holds it (itself when indirect): the one the update must write again. */
interface Held {
  dict: PDFDict;
  holder: PDFRef;
}

function heldDict(doc: PDFDocument, value: unknown, holder: PDFRef): Held | null {
  if (value instanceof PDFRef) {
    const dict = doc.context.lookup(value);
    return dict instanceof PDFDict ? { dict, holder: value } : null;
  }
  return value instanceof PDFDict ? { dict: value, holder } : null;
}

/** `held.dict[key]` as an array to append to (made from a single kid, or new), its holder marked changed. */
function kidsArray(doc: PDFDocument, held: Held, key: string, changed: Changed): PDFArray {
  const value = held.dict.get(PDFName.of(key));
  if (value instanceof PDFRef) {
    const array = doc.context.lookup(value);
    if (array instanceof PDFArray) {
      changed.add(value);
      return array;
    }
  }
  changed.add(held.holder);
  if (value instanceof PDFArray) return value;
  const array = doc.context.obj(value === undefined ? [] : [value]);
  held.dict.set(PDFName.of(key), array);
  return array;
}

/** The largest key of a number tree (its /Nums pairs, through /Kids), or -1 when it has none. */
function largestKey(doc: PDFDocument, node: PDFDict, depth = 0): number {
  if (depth > 32) return -1;
  const nums = node.lookup(PDFName.of("Nums"));
  let largest = -1;
  if (nums instanceof PDFArray)
    for (let index = 0; index < nums.size(); index += 2) {
      const key = nums.get(index);
      if (key instanceof PDFNumber) largest = Math.max(largest, key.asNumber());
    }
  const kids = node.lookup(PDFName.of("Kids"));
  if (kids instanceof PDFArray)
    for (const kid of kids.asArray()) {
      const child = doc.context.lookup(kid);
      if (child instanceof PDFDict) largest = Math.max(largest, largestKey(doc, child, depth + 1));
    }
  return largest;
}

/** Enters `element` in the parent tree under a new key; answers the key. */
function enterParentTree(doc: PDFDocument, root: Held, element: PDFRef, changed: Changed): number {
  const tree = heldDict(doc, root.dict.get(PDFName.of("ParentTree")), root.holder);
  const next = root.dict.lookup(PDFName.of("ParentTreeNextKey"));
  const key = next instanceof PDFNumber ? next.asNumber() : tree ? largestKey(doc, tree.dict) + 1 : 0;
  root.dict.set(PDFName.of("ParentTreeNextKey"), PDFNumber.of(key + 1));
  changed.add(root.holder);
  if (!tree) {
    root.dict.set(PDFName.of("ParentTree"), doc.context.obj({ Nums: [key, element] }));
    return key;
  }
  if (tree.dict.has(PDFName.of("Kids"))) {
    const leaf = doc.context.register(doc.context.obj({ Limits: [key, key], Nums: [PDFNumber.of(key), element] }));
    kidsArray(doc, tree, "Kids", changed).push(leaf);
  } else {
    const nums = kidsArray(doc, tree, "Nums", changed);
    nums.push(PDFNumber.of(key));
    nums.push(element);
  }
  return key;
}

/** Adds the widget's Form element to a tagged document (under its Document element); a no-op for an untagged one. */
export function addSignatureStructure(
  doc: PDFDocument,
  widget: { ref: PDFRef; dict: PDFDict; pageIndex: number },
  description: string,
  changed: Changed,
): void {
  const catalogRef = doc.context.trailerInfo.Root as PDFRef;
  const root = heldDict(doc, doc.catalog.get(PDFName.of("StructTreeRoot")), catalogRef);
  if (!root) return;
  const page = doc.getPage(widget.pageIndex);
  const top = root.dict.get(PDFName.of("K"));
  const documentElement = top instanceof PDFRef ? heldDict(doc, top, top) : null;
  const parent = documentElement ?? root;
  const parentRef = documentElement ? (top as PDFRef) : root.holder;
  const alt = PDFHexString.fromText(description);
  const form = doc.context.register(
    doc.context.obj({
      Type: "StructElem",
      S: "Form",
      P: parentRef,
      Pg: page.ref,
      Alt: alt,
      K: { Type: "OBJR", Obj: widget.ref, Pg: page.ref },
    }),
  );
  kidsArray(doc, parent, "K", changed).push(form);
  widget.dict.set(PDFName.of("StructParent"), PDFNumber.of(enterParentTree(doc, root, form, changed)));
  widget.dict.set(PDFName.of("TU"), alt);
  page.node.set(PDFName.of("Tabs"), PDFName.of("S"));
  changed.add(page.ref);
}
