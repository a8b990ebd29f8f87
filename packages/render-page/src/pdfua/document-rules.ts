// The catalog's own conditions: metadata, viewer preferences, MarkInfo, the document language and the outline's.
import type { PDFDocument } from "@cantoo/pdf-lib";
import { boolAt, dictAt, entry, streamBytes, textAt } from "./pdf-values.ts";
import type { ViolationTally } from "./violations.ts";

/** BCP 47's shape as PDF/UA reads it: a primary tag of letters, then subtags of letters and digits. */
const LANGUAGE_TAG = /^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*$/;

const PDFUA_NAMESPACE = "http://www.aiim.org/pdfua/ns/id/";

/** True when `lang` is present and a language tag; a malformed one is reported where it was found. */
export function checkLanguage(lang: string | undefined, tally: ViolationTally, location: string): boolean {
  if (lang === undefined) return false;
  if (LANGUAGE_TAG.test(lang)) return true;
  tally.add("FOLIO-LANG-VALUE", location);
  return false;
}

/** What the XMP packet says, read as text: the packet is small, and its RDF takes two spellings for one property. */
function checkMetadata(xmp: string | null, catalogHasLang: boolean, tally: ViolationTally): void {
  if (xmp === null) {
    tally.add("06-001", "catalog");
    return;
  }
  const part = /<pdfuaid:part>\s*1\s*<\/pdfuaid:part>/.test(xmp) || /pdfuaid:part\s*=\s*["']1["']/.test(xmp);
  if (!part || !xmp.includes(PDFUA_NAMESPACE)) tally.add("06-002", "XMP metadata");
  const title = /<dc:title>([\s\S]*?)<\/dc:title>/.exec(xmp)?.[1];
  if (!title || !/<rdf:li\b[^>]*>\s*[^<\s][^<]*<\/rdf:li>/.test(title)) tally.add("06-003", "XMP metadata");
  // An x-default entry says "the document's language": with no /Lang in the catalog, nobody can tell which.
  if (!catalogHasLang && /xml:lang\s*=\s*["']x-default["']/.test(xmp)) tally.add("11-006", "XMP metadata");
}

/** Checks the catalog; answers whether the document declares its language there. */
export function checkCatalog(doc: PDFDocument, tally: ViolationTally): boolean {
  const catalog = doc.catalog;
  const markInfo = dictAt(catalog, "MarkInfo");
  if (boolAt(markInfo, "Marked") !== true) tally.add("FOLIO-MARK-INFO", "catalog");
  if (boolAt(markInfo, "Suspects") === true) tally.add("01-007", "catalog");
  const catalogHasLang = checkLanguage(textAt(catalog, "Lang"), tally, "catalog");
  const metadata = streamBytes(entry(catalog, "Metadata"));
  checkMetadata(metadata ? new TextDecoder().decode(metadata) : null, catalogHasLang, tally);
  const display = boolAt(dictAt(catalog, "ViewerPreferences"), "DisplayDocTitle");
  if (display === undefined) tally.add("07-001", "catalog");
  else if (!display) tally.add("07-002", "catalog");
  if (!catalogHasLang && dictAt(dictAt(catalog, "Outlines"), "First")) tally.add("11-003", "outline");
  return catalogHasLang;
}
