// The fonts a page shows text with: each embedded (a Type 3 font is its own program), composite fonts with the
// CMaps and glyph maps ISO 32000-1 requires, TrueType fonts with the encodings PDF/UA allows, and each with a way
// from its character codes to Unicode (font-unicode.ts).
import { type PDFDict, PDFName, PDFRawStream } from "@cantoo/pdf-lib";
import { descendantOf, mapsToUnicode } from "./font-unicode.ts";
import { dictAt, entry, nameAt, numberAt, textAt } from "./pdf-values.ts";
import type { ViolationTally } from "./violations.ts";

/** ISO 32000-1 Table 118: the CMaps a reader knows by name, which a file need not embed. */
const PREDEFINED_CMAPS = new Set([
  ...["Identity-H", "Identity-V", "GB-EUC-H", "GB-EUC-V", "GBpc-EUC-H", "GBpc-EUC-V", "GBK-EUC-H", "GBK-EUC-V"],
  ...["GBKp-EUC-H", "GBKp-EUC-V", "GBK2K-H", "GBK2K-V", "UniGB-UCS2-H", "UniGB-UCS2-V", "UniGB-UTF16-H"],
  ...["UniGB-UTF16-V", "B5pc-H", "B5pc-V", "HKscs-B5-H", "HKscs-B5-V", "ETen-B5-H", "ETen-B5-V", "ETenms-B5-H"],
  ...["ETenms-B5-V", "CNS-EUC-H", "CNS-EUC-V", "UniCNS-UCS2-H", "UniCNS-UCS2-V", "UniCNS-UTF16-H"],
  ...["UniCNS-UTF16-V", "83pv-RKSJ-H", "90ms-RKSJ-H", "90ms-RKSJ-V", "90msp-RKSJ-H", "90msp-RKSJ-V"],
  ...["90pv-RKSJ-H", "Add-RKSJ-H", "Add-RKSJ-V", "EUC-H", "EUC-V", "Ext-RKSJ-H", "Ext-RKSJ-V", "H", "V"],
  ...["UniJIS-UCS2-H", "UniJIS-UCS2-V", "UniJIS-UCS2-HW-H", "UniJIS-UCS2-HW-V", "UniJIS-UTF16-H"],
  ...["UniJIS-UTF16-V", "KSC-EUC-H", "KSC-EUC-V", "KSCms-UHC-H", "KSCms-UHC-V", "KSCms-UHC-HW-H"],
  ...["KSCms-UHC-HW-V", "KSCpc-EUC-H", "UniKS-UCS2-H", "UniKS-UCS2-V", "UniKS-UTF16-H", "UniKS-UTF16-V"],
]);
/** Font descriptor flag 3 (ISO 32000-1 Table 123): the font uses glyphs outside the standard Latin set. */
const SYMBOLIC = 1 << 2;
const TRUETYPE_ENCODINGS = new Set(["MacRomanEncoding", "WinAnsiEncoding"]);

type Report = (rule: Parameters<ViolationTally["add"]>[0]) => void;

function isEmbedded(font: PDFDict): boolean {
  const subtype = nameAt(font, "Subtype");
  if (subtype === "Type3") return true;
  const descriptor = dictAt(subtype === "Type0" ? descendantOf(font) : font, "FontDescriptor");
  return ["FontFile", "FontFile2", "FontFile3"].some((key) => entry(descriptor, key) !== undefined);
}

/** A composite font: its CMap predefined or embedded and of the font's collection, its glyph map for TrueType. */
function checkComposite(font: PDFDict, report: Report): void {
  const encoding = entry(font, "Encoding");
  const cidFont = descendantOf(font);
  if (encoding instanceof PDFName && !PREDEFINED_CMAPS.has(nameAt(font, "Encoding") ?? "")) report("31-006");
  if (encoding instanceof PDFRawStream) {
    const ofCMap = dictAt(encoding.dict, "CIDSystemInfo");
    const ofFont = dictAt(cidFont, "CIDSystemInfo");
    if (textAt(ofCMap, "Registry") !== textAt(ofFont, "Registry")) report("31-001");
    if (textAt(ofCMap, "Ordering") !== textAt(ofFont, "Ordering")) report("31-002");
  }
  if (nameAt(cidFont, "Subtype") !== "CIDFontType2" || !isEmbedded(font)) return;
  const map = entry(cidFont, "CIDToGIDMap");
  if (map === undefined) report("31-005");
  else if (!(map instanceof PDFRawStream) && nameAt(cidFont, "CIDToGIDMap") !== "Identity") report("31-004");
}

/** A TrueType font: a non-symbolic one encoded as MacRoman or WinAnsi, a symbolic one with no Encoding at all. */
function checkTrueType(font: PDFDict, report: Report): void {
  const symbolic = ((numberAt(dictAt(font, "FontDescriptor"), "Flags") ?? 0) & SYMBOLIC) !== 0;
  const encoding = entry(font, "Encoding");
  if (symbolic) {
    if (encoding !== undefined) report("31-024");
    return;
  }
  if (encoding === undefined) {
    report("31-019");
    return;
  }
  const name =
    encoding instanceof PDFName ? nameAt(font, "Encoding") : nameAt(dictAt(font, "Encoding"), "BaseEncoding");
  if (!(encoding instanceof PDFName) && name === undefined) report("31-020");
  else if (!TRUETYPE_ENCODINGS.has(name ?? "")) report("31-021");
}

/** The fonts already looked at in the document, and those of them already seen drawn. */
export interface FontsChecked {
  seen: Set<PDFDict>;
  drawn: Set<PDFDict>;
}

/**
 * Checks each font once per document. Only a font that draws needs its program embedded: text in render mode 3
 * (invisible, as an OCR layer) is read, never drawn.
 */
export function checkFonts(
  fonts: Map<PDFDict, boolean>,
  checked: FontsChecked,
  tally: ViolationTally,
  location: string,
) {
  for (const [font, drawn] of fonts) {
    const where = `${location}, font ${nameAt(font, "BaseFont") ?? nameAt(font, "Subtype") ?? "?"}`;
    const report: Report = (rule) => tally.add(rule, where);
    if (drawn && !checked.drawn.has(font)) {
      checked.drawn.add(font);
      if (!isEmbedded(font)) report("31-009");
    }
    if (checked.seen.has(font)) continue;
    checked.seen.add(font);
    const subtype = nameAt(font, "Subtype");
    if (subtype === "Type0") checkComposite(font, report);
    if (subtype === "TrueType") checkTrueType(font, report);
    if (!mapsToUnicode(font)) report("31-027");
  }
}
