import { checkPdfUa, openPdfUaCheck } from "@folio/render-page/pdfua/check";
import { PDFUA_CHECKER, PDFUA_RULES } from "@folio/render-page/pdfua/rules";
import { describe, expect, it } from "vitest";
import { type Change, taggedPdf } from "./tagged-pdf.ts";

const rulesOf = async (bytes: Uint8Array) => (await checkPdfUa(bytes)).violations.map((v) => v.rule);

/** Each alteration of the good file, and the checkpoints exactly that alteration breaks. */
const CORPUS: [Change, string[]][] = [
  ["no-xmp", ["06-001"]],
  ["no-pdfuaid", ["06-002"]],
  ["no-dc-title", ["06-003"]],
  ["no-display-doc-title", ["07-001"]],
  ["display-doc-title-false", ["07-002"]],
  // With no /Lang, the language of the text, the figure's Alt, the link's Contents and the title cannot be told.
  ["no-lang", ["11-001", "11-002", "11-004", "11-006"]],
  ["bad-lang-on-element", ["FOLIO-LANG-VALUE"]],
  ["no-mark-info", ["FOLIO-MARK-INFO"]],
  ["suspects", ["01-007"]],
  // Without a tree nothing is tagged: every run is neither tagged nor an artifact, the link sits in no Link.
  ["no-struct-tree", ["01-005", "28-011", "FOLIO-STRUCT-TREE"]],
  ["untagged-text", ["01-005"]],
  ["untagged-path", ["01-005"]],
  ["untagged-second-page", ["01-005"]],
  ["mcid-not-in-tree", ["01-005"]],
  ["artifact-in-tagged", ["01-003"]],
  ["tagged-in-artifact", ["01-004"]],
  ["td-outside-tr", ["09-004"]],
  ["li-without-lbody", ["09-005"]],
  ["figure-without-alt", ["13-004"]],
  ["first-heading-h2", ["14-002"]],
  ["heading-skipped", ["14-003"]],
  ["h-and-numbered", ["14-007"]],
  ["th-without-scope", ["15-003"]],
  // Folio's own: a data table whose rows hold no TH, a Link holding only its annotation.
  ["table-without-headers", ["FOLIO-TABLE-HEADERS"]],
  ["link-without-text", ["FOLIO-LINK-TEXT"]],
  ["unmapped-type", ["02-001"]],
  ["circular-role-map", ["02-003"]],
  ["standard-type-remapped", ["02-004"]],
  // A link needs /Contents (28-012), and, as every annotation but a widget, Contents or its element's Alt (28-004).
  ["link-without-contents", ["28-004", "28-012"]],
  ["link-outside-structure", ["28-011"]],
  ["no-tabs", ["28-008"]],
  ["tabs-row", ["28-009"]],
  ["font-not-embedded", ["31-009"]],
  // Text in render mode 3 is never drawn: its font need not be embedded.
  ["unembedded-font-invisible", []],
  ["type3-without-unicode", ["31-027"]],
  ["toc-item-outside-toc", ["09-006"]],
  ["ruby-holding-a-paragraph", ["09-007"]],
  ["warichu-text-outside-warichu", ["09-008"]],
  ["formula-without-alt", ["17-002"]],
  ["note-without-id", ["19-003"]],
  ["notes-sharing-an-id", ["19-004"]],
  // Two H side by side, beside the document's numbered headings.
  ["two-h-in-one-element", ["14-006", "14-007"]],
  ["text-annotation-outside-structure", ["28-002"]],
  ["annotation-of-undefined-subtype", ["28-006"]],
  ["trapnet-annotation", ["28-007"]],
  ["widget-outside-form", ["28-010"]],
  ["printer-mark-in-structure", ["28-017"]],
  ["reference-xobject", ["30-001"]],
  ["form-drawing-itself", ["FOLIO-FORM-NESTING"]],
  ["forms-nested-past-the-depth", ["FOLIO-FORM-NESTING"]],
  ["forms-multiplying", ["FOLIO-FORM-NESTING"]],
  ["marked-form-drawn-twice", ["30-002"]],
  ["optional-content-default-unnamed", ["20-002"]],
  ["optional-content-config-unnamed", ["20-001"]],
  ["optional-content-with-as", ["20-003"]],
  ["embedded-file-without-uf", ["21-001"]],
  ["dynamic-xfa", ["25-001"]],
  ["encrypted-without-p", ["26-001"]],
  ["encrypted-without-accessibility", ["26-002"]],
  ["cmap-neither-predefined-nor-embedded", ["31-006"]],
  ["embedded-cmap-of-another-registry", ["31-001"]],
  ["embedded-cmap-of-another-ordering", ["31-002"]],
  ["cid-truetype-without-cidtogidmap", ["31-005"]],
  ["cid-truetype-with-a-named-cidtogidmap", ["31-004"]],
  ["non-symbolic-truetype-without-encoding", ["31-019"]],
  ["non-symbolic-truetype-encoding-without-base", ["31-020"]],
  ["non-symbolic-truetype-in-standard-encoding", ["31-021"]],
  ["symbolic-truetype-with-encoding", ["31-024"]],
  // An outline with a document language passes; without one, its entries' language is unknown too.
  ["outline", []],
];

/** Alterations whose checkpoint shows only beside another's. */
const COMBINED: [Change[], string[]][] = [
  // An outline's entries take the document's language: without /Lang they have none either.
  [
    ["no-lang", "outline"],
    ["11-001", "11-002", "11-003", "11-004", "11-006"],
  ],
];

describe("the PDF/UA-1 checker", () => {
  it("passes the good file: tagged, described, every run tagged or an artifact, fonts embedded with Unicode", async () => {
    const report = await checkPdfUa(await taggedPdf());
    expect(report).toEqual({
      checker: PDFUA_CHECKER,
      checks: Object.keys(PDFUA_RULES).length,
      pages_checked: 1,
      violations: [],
    });
  });

  it.each(CORPUS)("names what the good file altered by %s breaks, and nothing else", async (alteration, rules) => {
    expect(await rulesOf(await taggedPdf(alteration))).toEqual(rules);
  });

  it.each(COMBINED)("names what the good file altered by %j breaks", async (changes, rules) => {
    expect(await rulesOf(await taggedPdf(...changes))).toEqual(rules);
  });

  it("decides each rule of its table somewhere in the corpus", () => {
    const named = new Set([...CORPUS, ...COMBINED].flatMap(([, rules]) => rules));
    expect(Object.keys(PDFUA_RULES).filter((rule) => !named.has(rule))).toEqual([]);
  });

  it("counts each occurrence and says where the first one is", async () => {
    const report = await checkPdfUa(await taggedPdf("untagged-text", "untagged-path", "td-outside-tr"));
    expect(report.violations).toEqual([
      { rule: "01-005", message: PDFUA_RULES["01-005"], count: 2, location: "page 1" },
      // The table holds a TD, and the TD has no TR: two elements out of place.
      { rule: "09-004", message: PDFUA_RULES["09-004"], count: 2, location: "structure Document > Table" },
    ]);
  });

  it("stops where its caller stops: a page not walked adds nothing, and the report says how many were", async () => {
    const check = await openPdfUaCheck(await taggedPdf("untagged-second-page"));
    expect(check.pageCount).toBe(2);
    check.checkPage(0);
    expect(check.report()).toMatchObject({ pages_checked: 1, violations: [] });
    check.checkPage(1);
    expect(check.report()).toMatchObject({
      pages_checked: 2,
      violations: [{ rule: "01-005", count: 1, location: "page 2" }],
    });
    expect(() => check.checkPage(2)).toThrow(RangeError);
  });

  it("checks page by page: the document's own conditions first, each page's when asked", async () => {
    const check = await openPdfUaCheck(await taggedPdf("no-xmp", "untagged-text"));
    expect(check.pageCount).toBe(1);
    expect(check.report()).toMatchObject({ pages_checked: 0, violations: [{ rule: "06-001" }] });
    check.checkPage(0);
    expect(check.report()).toMatchObject({ pages_checked: 1, violations: [{ rule: "01-005" }, { rule: "06-001" }] });
  });
});
