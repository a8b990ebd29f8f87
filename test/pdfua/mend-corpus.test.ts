// The mends over the checker's whole mutation corpus (test/pdfua/tagged-pdf*.ts): a file altered in each way the
// mends are for comes out passing; a file altered in any other way (the document's own authoring, fonts, forms
// that draw themselves, objects Folio never writes) comes out with exactly the violations it had, never a new one,
// and every file keeps its pixels.
import { checkPdfUa } from "@folio/render-page/pdfua/check";
import { mendForPdfUa } from "@folio/render-page/pdfua/mend";
import { describe, expect, it } from "vitest";
import { differingPages, pagesPixels } from "./page-pixels.ts";
import { type Change, taggedPdf } from "./tagged-pdf.ts";
import { FONT_MUTATIONS } from "./tagged-pdf-font-mutations.ts";
import { MUTATIONS } from "./tagged-pdf-mutations.ts";

const rules = async (bytes: Uint8Array) =>
  Object.fromEntries((await checkPdfUa(bytes)).violations.map((v) => [v.rule, v.count]));

/** Encrypted files: the mends run before encryption, and refuse one. */
const ENCRYPTED = ["encrypted-without-p", "encrypted-without-accessibility"];
/** The alterations a mend undoes. */
const MENDED: Change[] = [
  ...["no-xmp", "no-pdfuaid", "no-dc-title", "no-display-doc-title", "display-doc-title-false", "no-lang"],
  ...["no-mark-info", "suspects", "untagged-text", "untagged-path", "untagged-second-page", "td-outside-tr"],
  ...["li-without-lbody", "unmapped-type", "link-without-contents", "no-tabs", "tabs-row"],
] as Change[];

/** The others (some no fault alone, as `outline`): each stays as it was. */
const KEPT: Change[] = [
  ...["bad-lang-on-element", "no-struct-tree", "mcid-not-in-tree", "artifact-in-tagged", "tagged-in-artifact"],
  ...["figure-without-alt", "first-heading-h2", "heading-skipped", "h-and-numbered", "th-without-scope"],
  ...["circular-role-map", "standard-type-remapped", "link-outside-structure", "font-not-embedded"],
  ...["unembedded-font-invisible", "type3-without-unicode"],
  ...Object.keys(MUTATIONS).filter((change) => !MENDED.includes(change as Change) && !ENCRYPTED.includes(change)),
  ...Object.keys(FONT_MUTATIONS),
] as Change[];

const OPTIONS = { title: "Invoice INV-1", lang: "en-GB" };
/**
 * Not drawn: form bombs (a reader draws millions of forms; the checker stops at its limits, pdfjs does not), and
 * fonts whose broken dictionaries pdfjs cannot hand to the canvas.
 */
const NOT_DRAWN = new Set([
  ...["forms-multiplying", "forms-nested-past-the-depth", "form-drawing-itself"],
  ...Object.keys(FONT_MUTATIONS),
]);

describe("the mends over the checker's mutation corpus", () => {
  for (const change of MENDED)
    it(`${change}: mended`, async () => {
      const printed = await taggedPdf(change);
      expect(Object.keys(await rules(printed)).length).toBeGreaterThan(0);
      const mended = await mendForPdfUa(printed, OPTIONS);
      expect(await rules(mended)).toEqual({});
      expect(differingPages(await pagesPixels(printed), await pagesPixels(mended))).toEqual([]);
    });

  it("an encrypted file is refused, in words that say why", async () => {
    for (const change of ENCRYPTED)
      await expect(mendForPdfUa(await taggedPdf(change as Change), OPTIONS)).rejects.toThrow(
        "An encrypted PDF cannot be mended for PDF/UA: the mends run before encryption",
      );
  });

  for (const change of KEPT)
    it(`${change}: left as it was`, async () => {
      const printed = await taggedPdf(change);
      const before = await rules(printed);
      const mended = await mendForPdfUa(printed, OPTIONS);
      expect(await rules(mended)).toEqual(before);
      if (!NOT_DRAWN.has(change))
        expect(differingPages(await pagesPixels(printed), await pagesPixels(mended))).toEqual([]);
    });
});
