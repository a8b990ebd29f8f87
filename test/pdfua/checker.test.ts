import { checkPdfUa, openPdfUaCheck } from "@folio/render-page/pdfua/check";
import { PDFUA_CHECKER, PDFUA_RULES } from "@folio/render-page/pdfua/rules";
import { describe, expect, it } from "vitest";
import { type Alteration, taggedPdf } from "./tagged-pdf.ts";

const rulesOf = async (bytes: Uint8Array) => (await checkPdfUa(bytes)).violations.map((v) => v.rule);

/** Each alteration of the good file, and the checkpoints exactly that alteration breaks. */
const CORPUS: [Alteration, string[]][] = [
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
  ["unmapped-type", ["02-001"]],
  ["circular-role-map", ["02-002"]],
  ["standard-type-remapped", ["02-003"]],
  ["link-without-contents", ["28-012"]],
  ["link-outside-structure", ["28-011"]],
  ["no-tabs", ["28-008"]],
  ["tabs-row", ["28-009"]],
  ["font-not-embedded", ["31-008"]],
  ["type3-without-unicode", ["31-027"]],
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

  it("counts each occurrence and says where the first one is", async () => {
    const report = await checkPdfUa(await taggedPdf("untagged-text", "untagged-path", "td-outside-tr"));
    expect(report.violations).toEqual([
      { rule: "01-005", message: PDFUA_RULES["01-005"], count: 2, location: "page 1" },
      // The table holds a TD, and the TD has no TR: two elements out of place.
      { rule: "09-004", message: PDFUA_RULES["09-004"], count: 2, location: "structure Document > Table" },
    ]);
  });

  it("checks page by page: the document's own conditions first, each page's when asked", async () => {
    const check = await openPdfUaCheck(await taggedPdf("no-xmp", "untagged-text"));
    expect(check.pageCount).toBe(1);
    expect(check.report()).toMatchObject({ pages_checked: 0, violations: [{ rule: "06-001" }] });
    check.checkPage(0);
    expect(check.report()).toMatchObject({ pages_checked: 1, violations: [{ rule: "01-005" }, { rule: "06-001" }] });
  });
});
