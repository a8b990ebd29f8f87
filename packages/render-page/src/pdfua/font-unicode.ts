// Whether a font's character codes lead to Unicode (ISO 32000-1 9.10.2): a ToUnicode map, a standard encoding's
// glyph names, or one of Adobe's CJK collections; a font with none of them is text nobody can read aloud.
import { type PDFDict, PDFName } from "@cantoo/pdf-lib";
import { dictAt, dictOf, entry, itemsAt, nameAt, nameText, textAt } from "./pdf-values.ts";

/** Simple encodings whose every code has a standard glyph name, hence a Unicode value. */
const NAMED_ENCODINGS = new Set(["WinAnsiEncoding", "MacRomanEncoding", "MacExpertEncoding", "StandardEncoding"]);
/** The character collections whose CIDs Adobe maps to Unicode (ISO 32000-1 9.10.2, method b). */
const KNOWN_COLLECTIONS = new Set(["Japan1", "GB1", "CNS1", "Korea1"]);
/** The two fonts of the standard 14 whose built-in encoding is their own, with known glyph names. */
const SYMBOL_FONTS = new Set(["Symbol", "ZapfDingbats"]);

/**
 * Glyph names that say their Unicode value themselves (uniXXXX, uXXXX) or are a Latin letter, a digit's name or
 * the space. Any other name in /Differences needs a ToUnicode map: the checker keeps no copy of the Adobe Glyph List.
 */
const SELF_EXPLAINING_NAME =
  /^(uni([0-9A-F]{4})+|u[0-9A-F]{4,6}|[A-Za-z]|zero|one|two|three|four|five|six|seven|eight|nine|space)$/;

export const descendantOf = (font: PDFDict): PDFDict | null => dictOf(itemsAt(font, "DescendantFonts")[0]);

function simpleFontMapsToUnicode(font: PDFDict): boolean {
  const encoding = entry(font, "Encoding");
  const baseFont = (nameAt(font, "BaseFont") ?? "").replace(/^[A-Z]{6}\+/, "");
  if (encoding === undefined) return nameAt(font, "Subtype") !== "Type3" && SYMBOL_FONTS.has(baseFont);
  if (encoding instanceof PDFName) return NAMED_ENCODINGS.has(nameText(encoding));
  const dict = dictOf(encoding);
  const base = nameAt(dict, "BaseEncoding");
  if (base !== undefined && !NAMED_ENCODINGS.has(base)) return false;
  // A Type 3 font has no built-in encoding: its codes mean only what /Differences names.
  return itemsAt(dict, "Differences").every(
    (item) => !(item instanceof PDFName) || SELF_EXPLAINING_NAME.test(nameText(item)),
  );
}

export function mapsToUnicode(font: PDFDict): boolean {
  if (entry(font, "ToUnicode") !== undefined) return true;
  if (nameAt(font, "Subtype") !== "Type0") return simpleFontMapsToUnicode(font);
  const encoding = nameAt(font, "Encoding");
  const collection = textAt(dictAt(descendantOf(font), "CIDSystemInfo"), "Ordering") ?? "";
  return encoding !== undefined && !/^Identity-[HV]$/.test(encoding) && KNOWN_COLLECTIONS.has(collection);
}
