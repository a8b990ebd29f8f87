// Link annotations' /Contents (28-012, and 28-004 with it; docs/accessibility.md#mends): Chromium writes none, and
// a screen reader announcing a link needs a description of where it goes. It is the link's text when the caller
// knows it, else its address: the URL, or the page a link within the document leads to.
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
import { dictAt, dictOf, entry, nameAt, textAt } from "./pdf-values.ts";

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

/** Gives every Link annotation without /Contents one. */
export function mendLinks(doc: PDFDocument, texts: LinkTexts): void {
  for (const page of doc.getPages()) {
    const annotations = page.node.Annots();
    if (!annotations) continue;
    for (let i = 0; i < annotations.size(); i++) {
      const dict = dictOf(annotations.lookup(i));
      if (!dict || nameAt(dict, "Subtype") !== "Link" || textAt(dict, "Contents")) continue;
      const leads = target(doc, dict);
      const given = leads?.key !== undefined && Object.hasOwn(texts, leads.key) ? texts[leads.key] : undefined;
      const text = given?.trim() || leads?.description;
      if (text) dict.set(PDFName.of("Contents"), PDFHexString.fromText(text));
    }
  }
}
