// The test document's structure tree: Document > H1, P, H2, Table (TR > TH, TR > TD), L > LI > Lbl + LBody,
// Figure with Alt, Link holding its text and its annotation; with a parent tree, as a conforming writer leaves it.
import type { PDFArray, PDFDocument } from "@cantoo/pdf-lib";
import { PDFName, PDFNumber, type PDFRef, PDFString } from "@cantoo/pdf-lib";
import type { Alteration } from "./tagged-pdf-content.ts";

export interface Element {
  ref: PDFRef;
  kids: PDFArray;
}

/** The parts of the built document an alteration after the build reaches for. */
export interface Structure {
  document: Element;
  paragraph: Element;
  /** The parent tree's entry for the page: the element of each MCID, in order. */
  marked: PDFArray;
}

/** A structure element on `page` under `parent` (an element, or the tree root's reference). */
export function structElement(
  doc: PDFDocument,
  page: PDFRef,
  type: string,
  parent: Element | PDFRef,
  extra: Record<string, unknown> = {},
): Element {
  const ctx = doc.context;
  const ref = ctx.nextRef();
  const kids = ctx.obj([]);
  const parentRef = "ref" in parent ? parent.ref : parent;
  ctx.assign(ref, ctx.obj({ Type: "StructElem", S: type, P: parentRef, Pg: page, K: kids, ...extra }));
  if ("kids" in parent) parent.kids.push(ref);
  return { ref, kids };
}

export function buildStructure(doc: PDFDocument, page: PDFRef, annot: PDFRef, alter: Set<Alteration>): Structure {
  const ctx = doc.context;
  const rootRef = ctx.nextRef();
  const marked = ctx.obj([]);
  const element = (type: string, parent: Element | PDFRef, extra: Record<string, unknown> = {}) =>
    structElement(doc, page, type, parent, extra);
  const withContent = (type: string, parent: Element, mcid: number, extra: Record<string, unknown> = {}) => {
    const made = element(type, parent, extra);
    made.kids.push(PDFNumber.of(mcid));
    marked.push(made.ref);
    return made;
  };
  const document = element(
    alter.has("unmapped-type") || alter.has("circular-role-map") ? "Invoice" : "Document",
    rootRef,
  );
  withContent(alter.has("first-heading-h2") ? "H2" : "H1", document, 0);
  const paragraph = withContent(
    "P",
    document,
    1,
    alter.has("bad-lang-on-element") ? { Lang: PDFString.of("en_GB!") } : {},
  );
  if (alter.has("h-and-numbered")) element("H", document);
  withContent(alter.has("heading-skipped") ? "H3" : "H2", document, 2);
  const table = element("Table", document);
  const scope = alter.has("th-without-scope") ? {} : { A: ctx.obj({ O: "Table", Scope: "Column" }) };
  withContent(alter.has("table-without-headers") ? "TD" : "TH", element("TR", table), 3, scope);
  withContent("TD", alter.has("td-outside-tr") ? table : element("TR", table), 4);
  const item = element("LI", element("L", document));
  withContent("Lbl", item, 5);
  withContent(alter.has("li-without-lbody") ? "P" : "LBody", item, 6);
  withContent("Figure", document, 7, alter.has("figure-without-alt") ? {} : { Alt: PDFString.of("Folio's logo") });
  // A link that says nothing: its run of text moved out of it, into a paragraph beside it.
  const silentLink = alter.has("link-without-text");
  if (silentLink) withContent("P", document, 8);
  const link = silentLink ? element("Link", document) : withContent("Link", document, 8);
  if (!alter.has("link-outside-structure")) link.kids.push(ctx.obj({ Type: "OBJR", Obj: annot, Pg: page }));
  const parentTree = ctx.obj({ Nums: [0, marked, 1, link.ref] });
  const roleMap = alter.has("unmapped-type")
    ? { RoleMap: { Invoice: "Statement" } }
    : alter.has("circular-role-map")
      ? { RoleMap: { Invoice: "Bill", Bill: "Invoice" } }
      : alter.has("standard-type-remapped")
        ? { RoleMap: { P: "Span" } }
        : {};
  ctx.assign(
    rootRef,
    ctx.obj({ Type: "StructTreeRoot", K: document.ref, ParentTree: parentTree, ParentTreeNextKey: 2, ...roleMap }),
  );
  doc.catalog.set(PDFName.of("StructTreeRoot"), rootRef);
  return { document, paragraph, marked };
}
