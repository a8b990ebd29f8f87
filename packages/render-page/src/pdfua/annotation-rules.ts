// A page's annotations: each in the structure tree under the element its kind calls for, with a description,
// and the page's tab order following the structure (/Tabs /S).
import { PDFArray, type PDFDict, PDFName, PDFRef } from "@cantoo/pdf-lib";
import { dictOf, nameAt, numberAt, textAt } from "./pdf-values.ts";
import type { StructureTree } from "./structure-tree.ts";
import type { ViolationTally } from "./violations.ts";

/** Annotation flag 2: hidden, neither shown nor printed, so no reader meets it. */
const HIDDEN = 2;

/** ISO 32000-1 Table 169: the annotation subtypes the standard defines. */
const DEFINED_SUBTYPES = new Set([
  ...["Text", "Link", "FreeText", "Line", "Square", "Circle", "Polygon", "PolyLine", "Highlight", "Underline"],
  ...["Squiggly", "StrikeOut", "Stamp", "Caret", "Ink", "Popup", "FileAttachment", "Sound", "Movie", "Widget"],
  ...["Screen", "PrinterMark", "TrapNet", "Watermark", "3D", "Redact"],
]);

/** The structure element each kind of annotation must sit in; the others go in Annot. */
const ENCLOSING: Record<string, { type: string; rule: "28-010" | "28-011" }> = {
  Widget: { type: "Form", rule: "28-010" },
  Link: { type: "Link", rule: "28-011" },
};

function checkAnnotation(
  ref: string | undefined,
  annot: PDFDict,
  tree: StructureTree | null,
  context: { tally: ViolationTally; location: string; catalogHasLang: boolean },
): void {
  const { tally, location } = context;
  const subtype = nameAt(annot, "Subtype") ?? "";
  if (((numberAt(annot, "F") ?? 0) & HIDDEN) !== 0) return;
  if (subtype === "TrapNet") tally.add("28-007", location);
  if (!DEFINED_SUBTYPES.has(subtype)) tally.add("28-006", location);
  const element = ref ? tree?.objects.get(ref) : undefined;
  const enclosing = ENCLOSING[subtype];
  if (subtype === "PrinterMark") {
    // A printer's mark is an artifact: it stays out of the structure.
    if (element) tally.add("28-017", location);
  } else if (enclosing) {
    if (element?.standard !== enclosing.type) tally.add(enclosing.rule, location);
  } else if (element?.standard !== "Annot") tally.add("28-002", location);
  const contents = textAt(annot, "Contents");
  if (subtype === "Link" && !contents) tally.add("28-012", location);
  // A link needs its own /Contents (28-012) and, like every annotation but a widget, Contents or an Alt (28-004).
  if (subtype !== "Widget" && !contents && !textAt(element?.dict ?? null, "Alt")) tally.add("28-004", location);
  if (contents && !context.catalogHasLang && !textAt(annot, "Lang")) tally.add("11-004", location);
}

export function checkAnnotations(
  page: PDFDict,
  tree: StructureTree | null,
  context: { tally: ViolationTally; location: string; catalogHasLang: boolean },
): void {
  const raw = page.lookup(PDFName.of("Annots"));
  const refs = raw instanceof PDFArray ? raw.asArray() : [];
  if (refs.length === 0) return;
  const tabs = nameAt(page, "Tabs");
  if (tabs === undefined) context.tally.add("28-008", context.location);
  else if (tabs !== "S") context.tally.add("28-009", context.location);
  for (const item of refs) {
    const annot = dictOf(item instanceof PDFRef ? page.context.lookup(item) : item);
    if (annot) checkAnnotation(item instanceof PDFRef ? item.toString() : undefined, annot, tree, context);
  }
}
