// The structure tree read once per document: every element with the standard type it stands for, which marked
// content (page and MCID) and which annotations it owns. The page walks and the structure rules ask it.
import { PDFArray, type PDFDict, type PDFName, PDFNumber, type PDFObject, PDFRef } from "@cantoo/pdf-lib";
import { checkLanguage } from "./document-rules.ts";
import { dictAt, dictOf, entryOf, itemsAt, nameOf, pdfName, textOf } from "./pdf-values.ts";
import { typeMapper } from "./role-map.ts";
import type { ViolationTally } from "./violations.ts";

export interface StructNode {
  /** The type as written (/S), and the standard type the role map takes it to ("" when none). */
  type: string;
  standard: string;
  dict: PDFDict;
  parent: StructNode | null;
  kids: StructNode[];
  /** A language applies: its own /Lang, an ancestor's, or the catalog's. */
  hasLang: boolean;
}

export interface StructureTree {
  /** The elements directly under the StructTreeRoot. */
  roots: StructNode[];
  /** Every element, in document (pre-)order. */
  elements: StructNode[];
  /** Marked content the tree reaches, by the page or stream holding it and its MCID, to the element owning it. */
  marked: Map<PDFRef, Map<number, StructNode>>;
  /** Annotations (and other objects) the tree reaches through an OBJR, keyed by their reference. */
  objects: Map<string, StructNode>;
}

/** The keys read of every element and content kid, made once. */
const KEY = {
  S: pdfName("S"),
  K: pdfName("K"),
  Pg: pdfName("Pg"),
  Lang: pdfName("Lang"),
  Type: pdfName("Type"),
  MCID: pdfName("MCID"),
  Stm: pdfName("Stm"),
  Obj: pdfName("Obj"),
};

/** The reference an entry holds (pdf-lib pools them: one object per object number); lookup() forgets it. */
const refAt = (dict: PDFDict, key: PDFName): PDFRef | undefined => {
  const raw = dict.get(key);
  return raw instanceof PDFRef ? raw : undefined;
};

function markContent(tree: StructureTree, holder: PDFRef, mcid: number, owner: StructNode): void {
  let byMcid = tree.marked.get(holder);
  if (!byMcid) {
    byMcid = new Map();
    tree.marked.set(holder, byMcid);
  }
  byMcid.set(mcid, owner);
}

/** The element owning marked content `mcid` of the page or form stream `holder`, if the tree reaches it. */
export const markedOwner = (tree: StructureTree, holder: PDFRef, mcid: number): StructNode | undefined =>
  tree.marked.get(holder)?.get(mcid);

/** Where an element sits, as the reader of a violation would look for it: its last few standard ancestors. */
export function structLocation(node: StructNode): string {
  const path: string[] = [];
  for (let at: StructNode | null = node; at && path.length < 4; at = at.parent) path.unshift(at.standard || at.type);
  return `structure ${path.join(" > ")}`;
}

interface Walk {
  tree: StructureTree;
  standardType: ReturnType<typeof typeMapper>;
  tally: ViolationTally;
  seen: Set<PDFObject>;
}

/** Files a kid that is not an element: a bare MCID, a marked-content reference or an object reference. */
function contentKid(walk: Walk, owner: StructNode, kid: PDFObject, page: PDFRef | undefined): void {
  if (kid instanceof PDFNumber) {
    if (page) markContent(walk.tree, page, kid.asNumber(), owner);
    return;
  }
  const dict = dictOf(kid);
  if (!dict) return;
  const kind = nameOf(dict, KEY.Type);
  if (kind === "MCR") {
    const mcid = entryOf(dict, KEY.MCID);
    const holder = refAt(dict, KEY.Stm) ?? refAt(dict, KEY.Pg) ?? page;
    if (holder && mcid instanceof PDFNumber) markContent(walk.tree, holder, mcid.asNumber(), owner);
  } else if (kind === "OBJR") {
    const target = refAt(dict, KEY.Obj);
    if (target) walk.tree.objects.set(target.toString(), owner);
  }
}

interface Pending {
  dict: PDFDict;
  parent: StructNode;
  page: PDFRef | undefined;
}

const isElement = (dict: PDFDict | null): dict is PDFDict => {
  if (!dict) return false;
  const kind = nameOf(dict, KEY.Type);
  return kind !== "MCR" && kind !== "OBJR" && nameOf(dict, KEY.S) !== undefined;
};

/** Makes the element's node and files its content kids; its element kids go on `stack`, the first on top. */
function visitElement(walk: Walk, { dict, parent, page }: Pending, stack: Pending[]): void {
  const node: StructNode = { type: nameOf(dict, KEY.S) ?? "", standard: "", dict, parent, kids: [], hasLang: false };
  node.standard = walk.standardType(node.type, () => structLocation(node));
  const lang = textOf(dict, KEY.Lang);
  const ownLang = lang !== undefined && checkLanguage(lang, walk.tally, structLocation(node));
  node.hasLang = ownLang || parent.hasLang;
  parent.kids.push(node);
  walk.tree.elements.push(node);
  const pageHere = refAt(dict, KEY.Pg) ?? page;
  const kids = entryOf(dict, KEY.K);
  if (kids === undefined) return;
  const firstKid = stack.length;
  const count = kids instanceof PDFArray ? kids.size() : 1;
  for (let i = 0; i < count; i++) {
    const raw = kids instanceof PDFArray ? kids.get(i) : kids;
    const kid = raw instanceof PDFRef ? (dict.context.lookup(raw) ?? raw) : raw;
    const kidDict = dictOf(kid);
    if (isElement(kidDict)) stack.push({ dict: kidDict, parent: node, page: pageHere });
    else contentKid(walk, node, kid, pageHere);
  }
  // Reversed where they stand, so the first kid is visited next (document order).
  for (let low = firstKid, high = stack.length - 1; low < high; low++, high--) {
    const kid = stack[low] as Pending;
    stack[low] = stack[high] as Pending;
    stack[high] = kid;
  }
}

/**
 * Visits every element in document order with a stack of its own: a document nested thousands of elements deep
 * (a template's nested divs) would overflow the call stack of a recursive walk. An element reached twice (a cycle
 * or a shared kid) is visited once.
 */
function visitTree(walk: Walk, top: StructNode, firstKids: PDFDict[]): void {
  const stack: Pending[] = firstKids.map((dict) => ({ dict, parent: top, page: undefined })).reverse();
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (walk.seen.has(next.dict)) continue;
    walk.seen.add(next.dict);
    visitElement(walk, next, stack);
  }
}

/** Reads the tree under the catalog's StructTreeRoot; null when the document has none. */
export function readStructureTree(
  catalog: PDFDict,
  catalogHasLang: boolean,
  tally: ViolationTally,
): StructureTree | null {
  const root = dictAt(catalog, "StructTreeRoot");
  if (!root) return null;
  const tree: StructureTree = { roots: [], elements: [], marked: new Map(), objects: new Map() };
  const walk: Walk = { tree, standardType: typeMapper(dictAt(root, "RoleMap"), tally), tally, seen: new Set() };
  const top: StructNode = {
    type: "StructTreeRoot",
    standard: "",
    dict: root,
    parent: null,
    kids: [],
    hasLang: catalogHasLang,
  };
  visitTree(walk, top, itemsAt(root, "K").map(dictOf).filter(isElement));
  // The root is no element: its children stand at the top of the tree.
  tree.roots = top.kids;
  for (const node of tree.roots) node.parent = null;
  return tree;
}
