// A finished PDF's structure tree as a reader of assistive technology meets it, to compare with the document it
// was printed from: each element's standard type (the project's own reader, role map followed), its /Alt, a TH's
// /Scope, a Link annotation's /Contents, and the text of the marked content it owns (pdfjs's text, keyed by the
// page and MCID of the sequence it sits in).
import { PDFArray, type PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef } from "@cantoo/pdf-lib";
import { dictAt, dictOf, entry, itemsAt, nameAt, textAt } from "@folio/render-page/pdfua/pdf-values";
import { readStructureTree, type StructNode } from "@folio/render-page/pdfua/structure-tree";
import { ViolationTally } from "@folio/render-page/pdfua/violations";
import { actualTexts } from "./pdf-text";
import { loadStructure, pdfFile, withPdf } from "./pdf-tools";

export interface Element {
  type: string;
  /** The text of the marked content the element and its descendants own, spaces squeezed. */
  text: string;
  alt?: string;
  scope?: string;
  /** The /Contents of the Link annotations the element owns. */
  contents: string[];
  kids: Element[];
}

/** pdfjs names a sequence `p<page ref>R_mc<mcid>` ("p12R_mc3"); the reader keys it `"12 0 R 3"`. */
const sequenceKey = (id: string) => {
  const [, num, gen, mcid] = /^p(\d+)R(\d*)_mc(\d+)$/.exec(id) ?? [];
  return num === undefined ? null : `${num} ${gen || 0} R ${Number(mcid)}`;
};

/** The page an element's marked content sits on: its own /Pg, else its nearest ancestor's. */
function pageOf(node: StructNode | null): string | undefined {
  for (let at = node; at; at = at.parent) {
    const page = at.dict.get(PDFName.of("Pg"));
    if (page instanceof PDFRef) return page.toString();
  }
  return undefined;
}

/** The keys of the marked content an element owns directly, in the order of its /K: bare MCIDs and MCRs. */
function ownedKeys(node: StructNode): string[] {
  const page = pageOf(node);
  return itemsAt(node.dict, "K").flatMap((kid) => {
    if (kid instanceof PDFNumber) return page ? [`${page} ${kid.asNumber()}`] : [];
    const dict = dictOf(kid);
    const mcid = entry(dict, "MCID");
    const holder = dict?.get(PDFName.of("Stm")) ?? dict?.get(PDFName.of("Pg"));
    const at = holder instanceof PDFRef ? holder.toString() : page;
    return nameAt(dict, "Type") === "MCR" && mcid instanceof PDFNumber && at ? [`${at} ${mcid.asNumber()}`] : [];
  });
}

/**
 * The text of every marked-content sequence with an MCID, by its key, each glyph run in its innermost one. A sequence
 * with an /ActualText (Chromium's `/Span` around a glyph its font cannot name, such as a "(" in Inter) stands for
 * its glyphs with that text, as a reader takes it (pdf-text.ts reads those from the content streams).
 */
async function sequenceTexts(file: string): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  const add = (key: string | null, text: string) => key && texts.set(key, `${texts.get(key) ?? ""}${text}`);
  const structure = await loadStructure(file);
  await withPdf(file, undefined, async (doc) => {
    for (let number = 1; number <= doc.numPages; number++) {
      const { items } = await (await doc.getPage(number)).getTextContent({ includeMarkedContent: true });
      const actual = actualTexts(structure, number - 1);
      const open: Array<{ key: string | null; actual: string | null }> = [];
      const replaced = () => open.some((sequence) => sequence.actual !== null);
      for (const item of items) {
        if (!("type" in item)) {
          if (!replaced()) add(open.at(-1)?.key ?? null, `${item.str}${item.hasEOL ? " " : ""}`);
        } else if (item.type !== "endMarkedContent") {
          const key = item.id ? sequenceKey(item.id) : (open.at(-1)?.key ?? null);
          open.push({ key, actual: actual.shift() ?? null });
        } else {
          const sequence = open.pop();
          if (sequence?.actual != null && !replaced()) add(sequence.key, sequence.actual);
        }
      }
    }
  });
  return texts;
}

/** The /Scope of a TH, from its attribute dictionaries (one or an array of them). */
function scopeOf(dict: PDFDict): string | undefined {
  const attributes = entry(dict, "A");
  const list = attributes instanceof PDFArray ? attributes.asArray() : [attributes];
  for (const item of list) {
    const scope = nameAt(dictOf(item), "Scope");
    if (scope) return scope;
  }
  return undefined;
}

/** The /Contents of the annotations an element reaches through its OBJR kids. */
const linkContents = (dict: PDFDict) =>
  itemsAt(dict, "K")
    .map(dictOf)
    .filter((kid) => nameAt(kid, "Type") === "OBJR")
    .map((kid) => textAt(dictAt(kid, "Obj"), "Contents") ?? "");

function toElement(node: StructNode, owned: Map<StructNode, string[]>): Element {
  const kids = node.kids.map((kid) => toElement(kid, owned));
  const text = [...(owned.get(node) ?? []), ...kids.map((kid) => kid.text)].join(" ").replace(/\s+/g, " ").trim();
  const alt = textAt(node.dict, "Alt");
  const scope = node.standard === "TH" ? scopeOf(node.dict) : undefined;
  return {
    type: node.standard || node.type,
    text,
    ...(alt ? { alt } : {}),
    ...(scope ? { scope } : {}),
    contents: linkContents(node.dict),
    kids,
  };
}

/** The file's structure tree, its roots' elements with their text. */
export async function structureOf(bytes: Buffer): Promise<Element[]> {
  const doc = await PDFDocument.load(new Uint8Array(bytes), { updateMetadata: false });
  const tree = readStructureTree(doc.catalog, true, new ViolationTally());
  if (!tree) return [];
  const texts = await sequenceTexts(pdfFile(bytes));
  const owned = new Map<StructNode, string[]>();
  for (const node of tree.elements)
    owned.set(
      node,
      ownedKeys(node).map((key) => texts.get(key) ?? ""),
    );
  return tree.roots.map((root) => toElement(root, owned));
}

/** Every element of the tree of `type`, in reading order. */
export function elementsOf(roots: Element[], type: string | RegExp): Element[] {
  const found: Element[] = [];
  const visit = (element: Element) => {
    if (typeof type === "string" ? element.type === type : type.test(element.type)) found.push(element);
    element.kids.forEach(visit);
  };
  roots.forEach(visit);
  return found;
}
