// The structure tree read once per document: every element with the standard type it stands for, which marked
// content (page and MCID) and which annotations it owns. The page walks and the structure rules ask it.
import { type PDFDict, PDFNumber, type PDFObject, PDFRef } from "@cantoo/pdf-lib";
import { checkLanguage } from "./document-rules.ts";
import { dictAt, dictOf, entry, itemsAt, nameAt, pdfName, textAt } from "./pdf-values.ts";
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

/** The reference an entry holds (pdf-lib pools them: one object per object number); lookup() forgets it. */
const refAt = (dict: PDFDict | null, key: string): PDFRef | undefined => {
  const raw = dict?.get(pdfName(key));
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
  const kind = nameAt(dict, "Type");
  if (kind === "MCR") {
    const mcid = entry(dict, "MCID");
    const holder = refAt(dict, "Stm") ?? refAt(dict, "Pg") ?? page;
    if (holder && mcid instanceof PDFNumber) markContent(walk.tree, holder, mcid.asNumber(), owner);
  } else if (kind === "OBJR") {
    const target = refAt(dict, "Obj");
    if (target) walk.tree.objects.set(target.toString(), owner);
  }
}

interface Pending {
  dict: PDFDict;
  parent: StructNode;
  page: PDFRef | undefined;
}

const isElement = (dict: PDFDict | null): dict is PDFDict => {
  const kind = dict && nameAt(dict, "Type");
  return Boolean(dict) && kind !== "MCR" && kind !== "OBJR" && nameAt(dict, "S") !== undefined;
};

/** Makes the element's node and files its content kids; answers its element kids, still to visit. */
function visitElement(walk: Walk, { dict, parent, page }: Pending): Pending[] {
  const node: StructNode = { type: nameAt(dict, "S") ?? "", standard: "", dict, parent, kids: [], hasLang: false };
  node.standard = walk.standardType(node.type, () => structLocation(node));
  const lang = textAt(dict, "Lang");
  const ownLang = lang !== undefined && checkLanguage(lang, walk.tally, structLocation(node));
  node.hasLang = ownLang || parent.hasLang;
  parent.kids.push(node);
  walk.tree.elements.push(node);
  const pageHere = refAt(dict, "Pg") ?? page;
  const elements: Pending[] = [];
  for (const kid of itemsAt(dict, "K")) {
    const kidDict = dictOf(kid);
    if (isElement(kidDict)) elements.push({ dict: kidDict, parent: node, page: pageHere });
    else contentKid(walk, node, kid, pageHere);
  }
  return elements;
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
    stack.push(...visitElement(walk, next).reverse());
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
