// The conditions Folio's PDF/UA-1 checker decides, each named by its Matterhorn Protocol 1.1 checkpoint (or
// FOLIO-<NAME> for a rule Folio adds): docs/accessibility.md lists them with what each one looks at.

/** The checker's version, which a render's receipt and merged options carry (docs/accessibility.md#checker). */
export const PDFUA_CHECKER = "folio-pdfua-1";

export const PDFUA_RULES = {
  "01-003": "Content marked as an artifact sits inside tagged content",
  "01-004": "Tagged content sits inside content marked as an artifact",
  "01-005": "Content is neither tagged nor marked as an artifact",
  "01-007": "The document's MarkInfo says Suspects true",
  "02-001": "A non-standard structure type is not mapped to a standard one",
  "02-002": "The role map has a circular mapping",
  "02-003": "A standard structure type is remapped",
  "06-001": "The document has no XMP metadata stream",
  "06-002": "The XMP metadata has no PDF/UA identifier (pdfuaid:part 1)",
  "06-003": "The XMP metadata has no dc:title",
  "07-001": "The ViewerPreferences have no DisplayDocTitle",
  "07-002": "The ViewerPreferences say DisplayDocTitle false",
  "09-004": "A table element is not where ISO 32000-1 Table 337 puts it",
  "09-005": "A list element is not where ISO 32000-1 Table 336 puts it",
  "09-006": "A table of contents element is not where ISO 32000-1 Table 333 puts it",
  "11-001": "The language of text in the page content cannot be determined",
  "11-002": "The language of an Alt, ActualText or E entry cannot be determined",
  "11-003": "The language of the outline entries cannot be determined",
  "11-004": "The language of an annotation's Contents cannot be determined",
  "11-006": "The language of the document metadata cannot be determined",
  "13-004": "A Figure has no alternative text",
  "14-002": "The document numbers its headings but the first is not H1",
  "14-003": "A numbered heading level is skipped",
  "14-006": "A structure element holds more than one H",
  "14-007": "The document uses both H and numbered headings",
  "15-003": "A TH has no Scope in a table without Headers",
  "17-002": "A Formula has no alternative text",
  "19-003": "A Note has no ID",
  "28-002": "An annotation is not inside an Annot structure element",
  "28-004": "An annotation has neither Contents nor an Alt on its structure element",
  "28-007": "The document has a TrapNet annotation",
  "28-008": "A page with annotations has no Tabs entry",
  "28-009": "A page with annotations has a Tabs entry other than S",
  "28-010": "A widget annotation is not inside a Form structure element",
  "28-011": "A link annotation is not inside a Link structure element",
  "28-012": "A link annotation has no Contents",
  "30-001": "The document has a reference XObject",
  "31-008": "A font used for rendering is not embedded",
  "31-027": "A font has no mapping from its character codes to Unicode",
  "FOLIO-MARK-INFO": "The catalog has no MarkInfo with Marked true",
  "FOLIO-STRUCT-TREE": "The catalog has no structure tree (StructTreeRoot)",
  "FOLIO-LANG-VALUE": "A Lang entry is not a language tag",
} as const;

export type PdfUaRule = keyof typeof PDFUA_RULES;
