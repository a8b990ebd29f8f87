// The fonts a page shows text with: each embedded (Type 3 fonts are their own program) and each with a way from
// its character codes to Unicode (ISO 32000-1 9.10.2), so that text can be read aloud, searched and copied.
import { type PDFDict, PDFName } from "@cantoo/pdf-lib";
import { dictAt, dictOf, entry, itemsAt, nameAt, textAt } from "./pdf-values.ts";
import type { ViolationTally } from "./violations.ts";

/** Simple encodings whose every code has a standard glyph name, hence a Unicode value. */
const NAMED_ENCODINGS = new Set(["WinAnsiEncoding", "MacRomanEncoding", "MacExpertEncoding", "StandardEncoding"]);
/** The character collections whose CIDs Adobe maps to Unicode (ISO 32000-1 9.10.2, method b). */
const KNOWN_COLLECTIONS = new Set(["Japan1", "GB1", "CNS1", "Korea1"]);
/** The two fonts of the standard 14 whose built-in encoding is their own, with known glyph names. */
const SYMBOL_FONTS = new Set(["Symbol", "ZapfDingbats"]);

/**
 * Glyph names that say their Unicode value themselves (uniXXXX, uXXXX) or are a Latin letter or digit name. Any
 * other name in /Differences needs a ToUnicode map: the checker keeps no copy of the Adobe Glyph List.
 */
const SELF_EXPLAINING_NAME =
  /^(uni([0-9A-F]{4})+|u[0-9A-F]{4,6}|[A-Za-z]|zero|one|two|three|four|five|six|seven|eight|nine|space)$/;

function descendantOf(font: PDFDict): PDFDict | null {
  return dictOf(itemsAt(font, "DescendantFonts")[0]);
}

function isEmbedded(font: PDFDict): boolean {
  const subtype = nameAt(font, "Subtype");
  if (subtype === "Type3") return true;
  const descriptor = dictAt(subtype === "Type0" ? descendantOf(font) : font, "FontDescriptor");
  return ["FontFile", "FontFile2", "FontFile3"].some((key) => entry(descriptor, key) !== undefined);
}

function simpleFontMapsToUnicode(font: PDFDict): boolean {
  const encoding = entry(font, "Encoding");
  const baseFont = (nameAt(font, "BaseFont") ?? "").replace(/^[A-Z]{6}\+/, "");
  if (encoding === undefined) return nameAt(font, "Subtype") !== "Type3" && SYMBOL_FONTS.has(baseFont);
  if (encoding instanceof PDFName) return NAMED_ENCODINGS.has(encoding.decodeText());
  const dict = dictOf(encoding);
  const base = nameAt(dict, "BaseEncoding");
  if (base !== undefined && !NAMED_ENCODINGS.has(base)) return false;
  // A Type 3 font has no built-in encoding: its codes mean only what /Differences names.
  return itemsAt(dict, "Differences").every(
    (item) => !(item instanceof PDFName) || SELF_EXPLAINING_NAME.test(item.decodeText()),
  );
}

function mapsToUnicode(font: PDFDict): boolean {
  if (entry(font, "ToUnicode") !== undefined) return true;
  if (nameAt(font, "Subtype") !== "Type0") return simpleFontMapsToUnicode(font);
  const encoding = nameAt(font, "Encoding");
  const ordering = dictAt(descendantOf(font), "CIDSystemInfo");
  return (
    encoding !== undefined &&
    !/^Identity-[HV]$/.test(encoding) &&
    KNOWN_COLLECTIONS.has(textAt(ordering, "Ordering") ?? "")
  );
}

/** Checks each font once per document: `checked` holds those already looked at. */
export function checkFonts(fonts: Set<PDFDict>, checked: Set<PDFDict>, tally: ViolationTally, location: string) {
  for (const font of fonts) {
    if (checked.has(font)) continue;
    checked.add(font);
    const name = `${location}, font ${nameAt(font, "BaseFont") ?? nameAt(font, "Subtype") ?? "?"}`;
    if (!isEmbedded(font)) tally.add("31-008", name);
    if (!mapsToUnicode(font)) tally.add("31-027", name);
  }
}
