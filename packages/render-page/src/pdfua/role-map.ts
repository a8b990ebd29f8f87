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

/** The standard type a type stands for ("" when none), and the rule its mapping breaks, if any. */
export interface TypeMapping {
  standard: string;
  broken?: "02-001" | "02-003" | "02-004";
}

/**
 * What `type` stands for: a standard type remapped (02-004), a mapping that loops (02-003) and one that ends on a type
 * ISO 32000-1 does not define (02-001) are reported with it.
 */
export function mappingOf(type: string, roleMap: PDFDict | null): TypeMapping {
  if (STANDARD_TYPES.has(type))
    return nameAt(roleMap, type) === undefined ? { standard: type } : { standard: type, broken: "02-004" };
  const seen = new Set([type]);
  for (let at = nameAt(roleMap, type); at !== undefined; at = nameAt(roleMap, at)) {
    if (STANDARD_TYPES.has(at)) return { standard: at };
    if (seen.has(at)) return { standard: "", broken: "02-003" };
    seen.add(at);
  }
  return { standard: "", broken: "02-001" };
}

/** `mappingOf`, worked out once per type a document uses, each element's broken mapping tallied where it stands. */
export function typeMapper(roleMap: PDFDict | null, tally: ViolationTally) {
  const known = new Map<string, TypeMapping>();
  return (type: string, location: () => string): string => {
    let mapping = known.get(type);
    if (!mapping) {
      mapping = mappingOf(type, roleMap);
      known.set(type, mapping);
    }
    if (mapping.broken) tally.add(mapping.broken, location());
    return mapping.standard;
  };
}
