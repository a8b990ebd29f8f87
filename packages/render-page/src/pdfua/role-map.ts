// Structure types: the standard ones of ISO 32000-1 14.8.4, and the role map that takes any other to one of them.
import type { PDFDict } from "@cantoo/pdf-lib";
import { nameAt } from "./pdf-values.ts";
import type { ViolationTally } from "./violations.ts";

export const STANDARD_TYPES = new Set([
  ...["Document", "Part", "Art", "Sect", "Div", "BlockQuote", "Caption", "TOC", "TOCI", "Index", "NonStruct"],
  ...["Private", "P", "H", "H1", "H2", "H3", "H4", "H5", "H6", "L", "LI", "Lbl", "LBody", "Table", "TR", "TH"],
  ...["TD", "THead", "TBody", "TFoot", "Span", "Quote", "Note", "Reference", "BibEntry", "Code", "Link", "Annot"],
  ...["Ruby", "RB", "RT", "RP", "Warichu", "WT", "WP", "Figure", "Formula", "Form"],
]);

/**
 * The standard type `type` stands for ("" when none), reporting on the way a standard type remapped (02-004),
 * a mapping that loops (02-003) and one that ends on a type ISO 32000-1 does not define (02-001).
 */
export function standardTypeOf(
  type: string,
  roleMap: PDFDict | null,
  tally: ViolationTally,
  location: () => string,
): string {
  if (STANDARD_TYPES.has(type)) {
    if (nameAt(roleMap, type) !== undefined) tally.add("02-004", location());
    return type;
  }
  const seen = new Set([type]);
  for (let at = nameAt(roleMap, type); at !== undefined; at = nameAt(roleMap, at)) {
    if (STANDARD_TYPES.has(at)) return at;
    if (seen.has(at)) {
      tally.add("02-003", location());
      return "";
    }
    seen.add(at);
  }
  tally.add("02-001", location());
  return "";
}
