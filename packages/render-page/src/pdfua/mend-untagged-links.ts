// Link annotations Chromium leaves outside the structure tree (28-011; docs/accessibility.md#mends): those
// `header_html` and `footer_html` print, whose content is a pagination artifact, and a link hidden from assistive
// technology (`aria-hidden`). PDF/UA-1 wants every annotation that is not hidden in the tree, and hiding the
// annotation would end the link in every viewer, so each target gets one Link element, its /Alt the annotation's
// /Contents, holding every page's copy by OBJR (as Chromium's one TH holds each page's copy of a repeated table
// header). They go last in the document element: page furniture read after the body rather than inside its text,
// and a reader meets a header's link once, not once a page. Nothing is drawn: the content stays an artifact.
import { PDFArray, type PDFDict, type PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRef } from "@cantoo/pdf-lib";
import { dictAt, dictOf, entry, nameAt, numberAt, textAt } from "./pdf-values.ts";
import { rawKids } from "./struct-wrap.ts";

/**
 * The most untagged link annotations tagged (docs/limits.md#accessible-pdfs): 11 header and footer links a page at the
 * 450-page ceiling. Past it none is, and the check reports 28-011: a header of 2,000 links on 38 pages (28,348
 * annotations) doubled the job's 10 s, past the side thread's time, to make a file no reader could use anyway.
 */
export const MAX_UNTAGGED_LINKS = 5_000;

/** Annotation flag 2: hidden, neither shown nor printed; PDF/UA-1 leaves such an annotation out. */
const HIDDEN = 2;

interface UntaggedLink {
  page: PDFRef;
  annotation: PDFRef;
  dict: PDFDict;
}

/**
 * The untagged Link annotations of every page, grouped by where they lead (their URL, else their destination); none
 * when there are more than MAX_UNTAGGED_LINKS.
 */
function untaggedLinks(doc: PDFDocument): Map<string, UntaggedLink[]> {
  const byTarget = new Map<string, UntaggedLink[]>();
  let count = 0;
  for (const page of doc.getPages()) {
    const annotations = page.node.Annots();
    for (let i = 0; annotations && i < annotations.size(); i++) {
      const annotation = annotations.get(i);
      const dict = dictOf(annotations.lookup(i));
      if (!(annotation instanceof PDFRef) || !dict || nameAt(dict, "Subtype") !== "Link") continue;
      if (dict.has(PDFName.of("StructParent")) || ((numberAt(dict, "F") ?? 0) & HIDDEN) !== 0) continue;
      const target = textAt(dictAt(dict, "A"), "URI") ?? String(entry(dict, "Dest") ?? annotation);
      if (++count > MAX_UNTAGGED_LINKS) return new Map();
      const links = byTarget.get(target) ?? [];
      links.push({ page: page.ref, annotation, dict });
      byTarget.set(target, links);
    }
  }
  return byTarget;
}

/** The parent tree's next free key: past every key its root's Nums and its kids' Limits name. */
function nextParentKey(root: PDFDict, parentTree: PDFDict): number {
  let next = numberAt(root, "ParentTreeNextKey") ?? 0;
  const nums = entry(parentTree, "Nums");
  for (let i = 0; nums instanceof PDFArray && i < nums.size(); i += 2) {
    const key = nums.lookup(i);
    if (key instanceof PDFNumber) next = Math.max(next, key.asNumber() + 1);
  }
  const kids = entry(parentTree, "Kids");
  for (let i = 0; kids instanceof PDFArray && i < kids.size(); i++) {
    const limits = entry(dictOf(kids.lookup(i)), "Limits");
    const high = limits instanceof PDFArray ? limits.lookup(1) : undefined;
    if (high instanceof PDFNumber) next = Math.max(next, high.asNumber() + 1);
  }
  return next;
}

/** Files `key` → `owner` in the parent tree: in its root's Nums, or a leaf of its own under a root with Kids. */
function addParentEntry(parentTree: PDFDict, key: number, owner: PDFRef): void {
  const context = parentTree.context;
  const nums = entry(parentTree, "Nums");
  const kids = entry(parentTree, "Kids");
  if (nums instanceof PDFArray) {
    nums.push(PDFNumber.of(key));
    nums.push(owner);
  } else if (kids instanceof PDFArray)
    kids.push(context.register(context.obj({ Limits: [key, key], Nums: [key, owner] })));
  else parentTree.set(PDFName.of("Nums"), context.obj([key, owner]));
}

/** Puts every untagged, shown Link annotation in a Link element of its target's, last in the document element. */
export function tagUntaggedLinks(doc: PDFDocument): void {
  const root = dictAt(doc.catalog, "StructTreeRoot");
  const parentTree = dictAt(root, "ParentTree");
  const documentRef =
    root && rawKids(root).find((kid) => kid instanceof PDFRef && nameAt(dictOf(doc.context.lookup(kid)), "S"));
  const documentDict = documentRef && dictOf(doc.context.lookup(documentRef));
  if (!root || !parentTree || !(documentRef instanceof PDFRef) || !documentDict) return;
  const groups = untaggedLinks(doc);
  if (groups.size === 0) return;
  let key = nextParentKey(root, parentTree);
  const added: PDFRef[] = [];
  for (const [target, links] of groups) {
    const name = textAt(links[0]?.dict ?? null, "Contents") ?? target;
    const objects = links.map((link) => doc.context.obj({ Type: "OBJR", Obj: link.annotation, Pg: link.page }));
    const element = doc.context.obj({ Type: "StructElem", S: "Link", P: documentRef, K: objects });
    element.set(PDFName.of("Alt"), PDFHexString.fromText(name));
    const ref = doc.context.register(element);
    for (const link of links) {
      link.dict.set(PDFName.of("StructParent"), PDFNumber.of(key));
      addParentEntry(parentTree, key++, ref);
    }
    added.push(ref);
  }
  documentDict.set(PDFName.of("K"), doc.context.obj([...rawKids(documentDict), ...added]));
  root.set(PDFName.of("ParentTreeNextKey"), PDFNumber.of(key));
}
