// Chromium's own tagged output, as Folio prints it today with `tagged` and `outline` (fixtures/pdfua/, rendered
// once through the service): what it lacks for PDF/UA-1, which the mends after printing supply (mend*.ts; the same
// files mended: test/pdfua/mends.test.ts). These lists say what Chromium prints, so they change with Chromium only.
import { readFileSync } from "node:fs";
import { checkPdfUa } from "@folio/render-page/pdfua/check";
import { describe, expect, it } from "vitest";

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../fixtures/pdfua/${name}`, import.meta.url)));
const found = async (name: string) =>
  Object.fromEntries((await checkPdfUa(fixture(name))).violations.map((v) => [v.rule, v.count]));

describe("the checker on Chromium's tagged PDFs", () => {
  it("the fixture invoice: no XMP, its first heading H2, and Strong, a type ISO 32000-1 does not define", async () => {
    expect(await found("invoice-tagged-outline.pdf")).toEqual({ "06-001": 1, "14-002": 1, "02-001": 2 });
  });

  it("a header and footer template: their text and paths are neither tagged nor artifacts", async () => {
    const report = await checkPdfUa(fixture("invoice-header-footer.pdf"));
    const untagged = report.violations.find((v) => v.rule === "01-005");
    expect(untagged).toMatchObject({ location: "page 1" });
    expect(untagged?.count).toBeGreaterThan(10);
    expect(report.violations.map((v) => v.rule)).toEqual(["01-005", "02-001", "06-001", "14-002"]);
  });

  it("a link and a list: the link annotation has no /Contents (nor its Link an Alt), the list items no LBody", async () => {
    expect(await found("link-and-list.pdf")).toEqual({ "06-001": 1, "09-005": 2, "28-004": 1, "28-012": 1 });
  });

  it("Japanese, Chinese, Korean and Arabic text with colour emoji: every font, the emoji's Type 3 ones too, passes", async () => {
    expect(await found("japanese-and-emoji.pdf")).toEqual({ "06-001": 1 });
  });
});
