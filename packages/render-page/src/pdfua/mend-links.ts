// Link annotations' /Contents (28-012, and 28-004 with it; docs/accessibility.md#mends): Chromium writes none, and
// a screen reader announcing a link needs a description of where it goes. It is the link's text when the caller
// knows it, else its address: the URL, or the page a link within the document leads to. The page names its links in
// document order, the order Chromium writes its Link elements (one per <a>, holding every annotation of a link that
// wraps). A list of another length names none: the page leaves out the links it knows Chromium does not tag, but one
// it misjudges (or a print cut at a preview's page limit, whose later links have no element) would shift every name
// after it onto the wrong link, and a name given to the wrong link misleads where its address only says less.
import {
  PDFArray,
  type PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRef,
  PDFString,
} from "@cantoo/pdf-lib";
import { tagUntaggedLinks } from "./mend-untagged-links.ts";
import { dictAt, dictOf, entry, itemsAt, nameAt, textAt } from "./pdf-values.ts";
import { readStructureTree, type StructNode } from "./structure-tree.ts";
import { ViolationTally } from "./violations.ts";

/** The text of each link the document shows, by its target as the annotation names it: a URL, or `#` and a name. */
export type LinkTexts = Readonly<Record<string, string>>;

const nameOrText = (value: PDFObject | undefined): string | undefined =>
  value instanceof PDFName
    ? value.decodeText()
    : value instanceof PDFString || value instanceof PDFHexString
      ? value.decodeText()
      : undefined;

/** Where the annotation leads, as `#name`, a page number, or a URL. */
function target(doc: PDFDocument, annotation: PDFDict): { key?: string; description: string } | null {
  const action = dictAt(annotation, "A");
  const uri = textAt(action, "URI");
  if (uri !== undefined) return { key: uri, description: uri };
  const destination = action ? entry(action, "D") : entry(annotation, "Dest");
  const name = nameOrText(destination);
  if (name !== undefined) return { key: `#${name}`, description: `Link within this document: ${name}` };
  if (destination instanceof PDFArray) {
    const page = destination.get(0);
    const index = doc.getPages().findIndex((p) => page instanceof PDFRef && p.ref === page);
    if (index >= 0) return { description: `Link to page ${index + 1}` };
  }
  return null;
}

/**
 * Each Link annotation's name, keyed by its reference, when `names` holds one per Link element. A Link holding no
 * element of its own holds no text (Chromium puts a link's text in a child element): an icon (an image without alt, a
 * box CSS paints) named by aria-label, which Chromium does not print. It gets the name as its /Alt, what a reader
 * announces for its content; a Link with text keeps reading it (a long name is cut, its text is not).
 */
function namesByAnnotation(doc: PDFDocument, names: readonly string[]): Map<string, string> {
  const byAnnotation = new Map<string, string>();
  if (names.length === 0) return byAnnotation;
  const tree = readStructureTree(doc.catalog, true, new ViolationTally());
  const links = tree?.elements.filter((node) => node.standard === "Link") ?? [];
  if (!tree || links.length !== names.length) return byAnnotation;
  const byLink = new Map<StructNode, string>();
  links.forEach((link, index) => {
    const given = names[index];
    const name = typeof given === "string" ? given.trim() : "";
    if (!name) return;
    byLink.set(link, name);
    const holdsElements = itemsAt(link.dict, "K").some((kid) => dictOf(kid)?.has(PDFName.of("S")) === true);
    if (!holdsElements && !textAt(link.dict, "Alt")) link.dict.set(PDFName.of("Alt"), PDFHexString.fromText(name));
  });
  for (const [ref, owner] of tree.objects) {
    const name = byLink.get(owner);
    if (name !== undefined) byAnnotation.set(ref, name);
  }
  return byAnnotation;
}

/** Gives every Link annotation without /Contents one, and those outside the structure tree a Link element. */
export function mendLinks(doc: PDFDocument, texts: LinkTexts, names: readonly string[] = []): void {
  const named = namesByAnnotation(doc, names);
  for (const page of doc.getPages()) {
    const annotations = page.node.Annots();
    if (!annotations) continue;
    for (let i = 0; i < annotations.size(); i++) {
      const ref = annotations.get(i);
      const dict = dictOf(annotations.lookup(i));
      if (!dict || nameAt(dict, "Subtype") !== "Link" || textAt(dict, "Contents")) continue;
      const leads = target(doc, dict);
      const given = leads?.key !== undefined && Object.hasOwn(texts, leads.key) ? texts[leads.key] : undefined;
      const text =
        (ref instanceof PDFRef ? named.get(ref.toString()) : undefined) || given?.trim() || leads?.description;
      if (text) dict.set(PDFName.of("Contents"), PDFHexString.fromText(text));
    }
  }
  tagUntaggedLinks(doc);
}
