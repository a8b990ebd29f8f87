// The structure tree put into ISO 32000-1's grammar where Chromium leaves it out (docs/accessibility.md#mends): an
// LBody around what an LI holds besides its Lbl (09-005), a TR around cells a THead, TBody, TFoot or Table holds
// directly (09-004), and a role map for the types Chromium writes that PDF 1.7 does not define (02-001).
import { type PDFContext, PDFDict, PDFName, type PDFObject, PDFRef } from "@cantoo/pdf-lib";
import { dictAt, dictOf, nameAt, nameOf, pdfName } from "./pdf-values.ts";
import { STANDARD_TYPES } from "./role-map.ts";
import { type ElementAt, rawKids, wrapKids } from "./struct-wrap.ts";

/**
 * PDF 2.0's types as PDF 1.7 names them (ISO 32000-2 14.8.4 against ISO 32000-1 14.8.4): `<strong>` and `<em>`
 * are Strong and Em in Chromium's tree. A type neither defines is a grouping with no meaning of its own.
 */
const PDF2_TYPES: Record<string, string> = {
  Strong: "Span",
  Em: "Span",
  Sub: "Span",
  FENote: "Note",
  Title: "P",
  Aside: "Sect",
  DocumentFragment: "Div",
  Artifact: "NonStruct",
};

/** Which kids an element may hold directly, for the elements the mends correct, and what wraps the others. */
const WRAPPERS: Record<string, { wrapper: string; belongs: (kidType: string) => boolean }> = {
  LI: { wrapper: "LBody", belongs: (type) => type === "Lbl" || type === "LBody" },
  THead: { wrapper: "TR", belongs: (type) => type === "" || type === "TR" },
  TBody: { wrapper: "TR", belongs: (type) => type === "" || type === "TR" },
  TFoot: { wrapper: "TR", belongs: (type) => type === "" || type === "TR" },
  // A table's own marked content (its borders) and its row groups stay; only cells are misplaced there.
  Table: { wrapper: "TR", belongs: (type) => type !== "TH" && type !== "TD" },
};

interface StructureEdit {
  roleMap: PDFDict | null;
  parentTree: PDFDict | null;
  /** Types met with no standard type to stand for. */
  unmapped: Set<string>;
  /** The standard type of each type met, worked out once: a document has thousands of elements of a few types. */
  standards: Map<string, string>;
}

/** The type `type`'s role map chain ends on: a standard type, or the first with no mapping (null on a loop). */
function chainEnd(edit: StructureEdit, type: string): string | null {
  const seen = new Set<string>();
  let at = type;
  for (
    let next = nameAt(edit.roleMap, at);
    !STANDARD_TYPES.has(at) && next !== undefined;
    next = nameAt(edit.roleMap, at)
  ) {
    if (seen.has(at)) return null;
    seen.add(at);
    at = next;
  }
  return at;
}

/** The standard type `type` stands for once the role map is completed (every element's type is met as a kid's). */
function standardType(edit: StructureEdit, type: string): string {
  const known = edit.standards.get(type);
  if (known !== undefined) return known;
  const end = chainEnd(edit, type);
  // A chain that ends on a type nobody defines is completed there (a loop is left for the checker to name).
  if (end !== null && !STANDARD_TYPES.has(end)) edit.unmapped.add(end);
  const standard = end !== null && STANDARD_TYPES.has(end) ? end : (PDF2_TYPES[end ?? type] ?? "NonStruct");
  edit.standards.set(type, standard);
  return standard;
}

const KEY = { S: pdfName("S"), Type: pdfName("Type"), Pg: pdfName("Pg") };

/** A kid's standard type: "" for marked content and annotations, which are not elements. */
function kidType(edit: StructureEdit, kid: PDFObject, context: PDFContext): string {
  const dict = dictOf(kid instanceof PDFRef ? context.lookup(kid) : kid);
  if (!dict) return "";
  const type = nameOf(dict, KEY.S);
  const kind = type === undefined ? undefined : nameOf(dict, KEY.Type);
  if (type === undefined || kind === "MCR" || kind === "OBJR") return "";
  return standardType(edit, type);
}

/** Wraps each run of kids the element may not hold directly; its element kids go on `stack`, to visit next. */
function mendElement(edit: StructureEdit, element: ElementAt, stack: ElementAt[]): void {
  const context = element.dict.context;
  const rule = WRAPPERS[standardType(edit, nameOf(element.dict, KEY.S) ?? "")];
  const kids = rawKids(element.dict);
  const types = kids.map((kid) => kidType(edit, kid, context));
  const page = (element.dict.get(KEY.Pg) as PDFRef | undefined) ?? element.page;
  for (let i = 0; i < kids.length; i++) {
    const kid = kids[i];
    const dict = kid instanceof PDFRef && types[i] !== "" ? context.lookup(kid) : undefined;
    if (kid instanceof PDFRef && dict instanceof PDFDict) stack.push({ ref: kid, dict, page });
  }
  if (!rule) return;
  // From the end, so the indices of the runs still to wrap stay as they were.
  for (let end = kids.length; end > 0; ) {
    if (rule.belongs(types[end - 1] ?? "")) {
      end--;
      continue;
    }
    let start = end - 1;
    while (start > 0 && !rule.belongs(types[start - 1] ?? "")) start--;
    wrapKids({ ...element, page }, start, kids.slice(start, end), rule.wrapper, edit.parentTree);
    end = start;
  }
}

/** Mends the tree under the catalog's StructTreeRoot; a document without one is left as it is. */
export function mendStructure(catalog: PDFDict): void {
  const root = dictAt(catalog, "StructTreeRoot");
  if (!root) return;
  const edit: StructureEdit = {
    roleMap: dictAt(root, "RoleMap"),
    parentTree: dictAt(root, "ParentTree"),
    unmapped: new Set(),
    standards: new Map(),
  };
  const stack: ElementAt[] = [];
  for (const kid of rawKids(root)) {
    const dict = kid instanceof PDFRef ? root.context.lookup(kid) : undefined;
    if (kid instanceof PDFRef && dict instanceof PDFDict && kidType(edit, kid, root.context) !== "")
      stack.push({ ref: kid, dict, page: undefined });
  }
  const seen = new Set<PDFDict>();
  for (let element = stack.pop(); element; element = stack.pop()) {
    if (seen.has(element.dict)) continue;
    seen.add(element.dict);
    mendElement(edit, element, stack);
  }
  if (edit.unmapped.size === 0) return;
  const roleMap = edit.roleMap ?? root.context.obj({});
  for (const type of [...edit.unmapped].sort())
    roleMap.set(PDFName.of(type), PDFName.of(PDF2_TYPES[type] ?? "NonStruct"));
  root.set(PDFName.of("RoleMap"), roleMap);
}
