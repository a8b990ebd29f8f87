// Putting a new structure element between an element and some of its kids (an LBody under an LI, a TR under a
// TBody): the kids' /P, and the parent tree that leads marked content and annotations back to their element, follow.
import { PDFArray, PDFDict, PDFName, PDFNumber, type PDFObject, PDFRef } from "@cantoo/pdf-lib";
import { dictAt, dictOf, entry, nameAt, numberAt, pdfName } from "./pdf-values.ts";

export interface ElementAt {
  ref: PDFRef;
  dict: PDFDict;
  /** The page its marked content is on (its own /Pg or an ancestor's). */
  page: PDFRef | undefined;
}

/** The number tree's slot for `key` (ISO 32000-1 7.9.7): the array holding the value, and the value's index. */
function numberTreeSlot(
  node: PDFDict | null,
  key: number,
  seen = new Set<PDFDict>(),
): { array: PDFArray; index: number } | null {
  // A node met twice (a tree whose kids lead back to it) is searched once.
  if (!node || seen.has(node)) return null;
  seen.add(node);
  const nums = entry(node, "Nums");
  if (nums instanceof PDFArray)
    for (let i = 0; i + 1 < nums.size(); i += 2) {
      const at = nums.lookup(i);
      if (at instanceof PDFNumber && at.asNumber() === key) return { array: nums, index: i + 1 };
    }
  const kids = entry(node, "Kids");
  if (!(kids instanceof PDFArray)) return null;
  for (let i = 0; i < kids.size(); i++) {
    const kid = dictOf(kids.lookup(i));
    const limits = entry(kid, "Limits");
    const [low, high] = limits instanceof PDFArray ? [limits.lookup(0), limits.lookup(1)] : [];
    if (low instanceof PDFNumber && high instanceof PDFNumber && (key < low.asNumber() || key > high.asNumber()))
      continue;
    const slot = numberTreeSlot(kid, key, seen);
    if (slot) return slot;
  }
  return null;
}

/** An element's /K as written: its kids, each a reference, an MCID or a direct dictionary. */
export function rawKids(dict: PDFDict): PDFObject[] {
  const kids = entry(dict, "K");
  if (kids instanceof PDFArray) return kids.asArray();
  const raw = dict.get(pdfName("K"));
  return raw ? [raw] : [];
}

/** Points the parent tree's entry for one content kid (an MCID, an MCR, an OBJR) at `owner`. */
function repointContent(parentTree: PDFDict | null, kid: PDFObject, page: PDFRef | undefined, owner: PDFRef): void {
  const context = parentTree?.context;
  if (!context) return;
  const kidDict = dictOf(context.lookup(kid));
  if (nameAt(kidDict, "Type") === "OBJR") {
    const slot = numberTreeSlot(parentTree, numberAt(dictAt(kidDict, "Obj"), "StructParent") ?? -1);
    slot?.array.set(slot.index, owner);
    return;
  }
  const mcid = kid instanceof PDFNumber ? kid.asNumber() : numberAt(kidDict, "MCID");
  const pageRef = (kidDict?.get(pdfName("Pg")) as PDFRef | undefined) ?? page;
  const pageDict = pageRef ? dictOf(context.lookup(pageRef)) : null;
  const slot = numberTreeSlot(parentTree, numberAt(pageDict, "StructParents") ?? -1);
  const owners = slot ? slot.array.lookup(slot.index) : undefined;
  if (owners instanceof PDFArray && mcid !== undefined && mcid < owners.size()) owners.set(mcid, owner);
}

/**
 * Replaces `kids` (consecutive items of `parent`'s /K, from `start`) by one new element of type `type` holding them;
 * answers the new element's reference.
 */
export function wrapKids(
  parent: ElementAt,
  start: number,
  kids: PDFObject[],
  type: string,
  parentTree: PDFDict | null,
): PDFRef {
  const context = parent.dict.context;
  const wrapper = context.obj({ Type: "StructElem", S: type, P: parent.ref, K: kids });
  if (parent.page) wrapper.set(PDFName.of("Pg"), parent.page);
  const ref = context.register(wrapper);
  for (const kid of kids) {
    const element = kid instanceof PDFRef ? context.lookup(kid) : kid;
    if (element instanceof PDFDict && entry(element, "S")) element.set(PDFName.of("P"), ref);
    else repointContent(parentTree, kid, parent.page, ref);
  }
  const items = [...rawKids(parent.dict)];
  items.splice(start, kids.length, ref);
  parent.dict.set(PDFName.of("K"), context.obj(items));
  return ref;
}
