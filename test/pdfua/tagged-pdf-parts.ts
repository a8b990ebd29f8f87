// What alterations made after the build add to the test document: a tagged run of text in a given font, an
// annotation in a given structure element, a content stream of its own.
import { PDFArray, type PDFDocument, PDFName, PDFNumber, type PDFPage, type PDFRef, PDFString } from "@cantoo/pdf-lib";
import { type Structure, structElement } from "./tagged-pdf-structure.ts";

export interface Built {
  doc: PDFDocument;
  page: PDFPage;
  structure: Structure;
}

/** Adds `content` to the page, after what it draws. */
export function appendContent(built: Built, content: string): void {
  const { doc, page } = built;
  const stream = doc.context.register(doc.context.stream(content));
  const existing = page.node.get(PDFName.of("Contents"));
  const contents = existing instanceof PDFArray ? existing : doc.context.obj(existing ? [existing] : []);
  contents.push(stream);
  page.node.set(PDFName.of("Contents"), contents);
}

/** A run of text in `font` (registered as /FX) inside the paragraph, with an MCID of its own. */
export function taggedRun(built: Built, font: PDFRef): void {
  const { structure, page } = built;
  page.node.setFontDictionary(PDFName.of("FX"), font);
  const mcid = structure.marked.size();
  structure.paragraph.kids.push(PDFNumber.of(mcid));
  structure.marked.push(structure.paragraph.ref);
  appendContent(built, `/P <</MCID ${mcid}>> BDC BT /FX 11 Tf 40 300 Td <0041> Tj ET EMC`);
}

/** An annotation on the page, described by /Contents, inside a structure element of `enclosing` (or none). */
export function annotation(built: Built, subtype: string, enclosing?: string): void {
  const { doc, page, structure } = built;
  const ref = doc.context.register(
    doc.context.obj({ Type: "Annot", Subtype: subtype, Rect: [300, 700, 320, 720], Contents: PDFString.of("Note") }),
  );
  page.node.lookup(PDFName.of("Annots"), PDFArray).push(ref);
  if (!enclosing) return;
  const element = structElement(doc, page.ref, enclosing, structure.document);
  element.kids.push(doc.context.obj({ Type: "OBJR", Obj: ref, Pg: page.ref }));
}
