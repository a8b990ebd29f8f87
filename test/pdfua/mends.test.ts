// The mends on Chromium's own tagged output (fixtures/pdfua/, rendered through the service with `tagged` and
// `outline`): what the checker found before, nothing after but the fixture invoices' own authoring fault (their
// first heading is an H2, which no mend may change), the same pixels on every page, and the same bytes every run.
import { readFileSync } from "node:fs";
import { PDFDocument } from "@cantoo/pdf-lib";
import { checkPdfUa } from "@folio/render-page/pdfua/check";
import { mendForPdfUa, type PdfUaMendOptions } from "@folio/render-page/pdfua/mend";
import { describe, expect, it } from "vitest";
import { differingPages, inkedPixels, pagesPixels } from "./page-pixels.ts";
import { taggedPdf } from "./tagged-pdf.ts";

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../fixtures/pdfua/${name}`, import.meta.url)));
const rules = async (bytes: Uint8Array) =>
  Object.fromEntries((await checkPdfUa(bytes)).violations.map((v) => [v.rule, v.count]));

const FIXTURES: Array<{ name: string; options: PdfUaMendOptions; before: string[]; after: Record<string, number> }> = [
  {
    name: "invoice-tagged-outline.pdf",
    options: {},
    before: ["02-001", "06-001", "14-002"],
    after: { "14-002": 1 },
  },
  {
    name: "invoice-header-footer.pdf",
    options: { pagination: true },
    before: ["01-005", "02-001", "06-001", "14-002"],
    after: { "14-002": 1 },
  },
  { name: "link-and-list.pdf", options: {}, before: ["06-001", "09-005", "28-004", "28-012"], after: {} },
  // Its <title> is missing: the title comes from the render's options.metadata.title.
  { name: "japanese-and-emoji.pdf", options: { title: "日本語と絵文字 🎉" }, before: ["06-001"], after: {} },
];

describe("the mends on Chromium's tagged PDFs", () => {
  for (const { name, options, before, after } of FIXTURES)
    it(`${name}: ${before.join(", ")} before, ${Object.keys(after).join(", ") || "nothing"} after; same pixels, same bytes`, async () => {
      const printed = fixture(name);
      expect(Object.keys(await rules(printed)).sort()).toEqual(before);
      const mended = await mendForPdfUa(printed, options);
      expect(await rules(mended)).toEqual(after);
      const pixels = await pagesPixels(printed);
      expect(inkedPixels(pixels[0])).toBeGreaterThan(1000);
      expect(differingPages(pixels, await pagesPixels(mended))).toEqual([]);
      expect(Buffer.from(await mendForPdfUa(printed, options)).equals(Buffer.from(mended))).toBe(true);
    });

  it("a file without /ID gets one its bytes decide: the same bytes every run, another for another file", async () => {
    const [plain, other] = [await taggedPdf(), await taggedPdf("no-lang")];
    const id = async (bytes: Uint8Array) => String((await PDFDocument.load(bytes)).context.trailerInfo.ID);
    expect(await id(plain)).toBe("undefined");
    const [once, again] = [await mendForPdfUa(plain), await mendForPdfUa(plain)];
    expect(Buffer.from(once).equals(Buffer.from(again))).toBe(true);
    expect(await id(once)).toMatch(/^\[ <[0-9a-f]{32}> <[0-9a-f]{32}> \]$/);
    expect(await id(await mendForPdfUa(other))).not.toBe(await id(once));
  });

  it("mending a mended file changes nothing the checker or a reader meets: each mend sees its work done", async () => {
    const once = await mendForPdfUa(fixture("invoice-header-footer.pdf"), { pagination: true });
    const twice = await mendForPdfUa(once, { pagination: true });
    const [a, b] = await Promise.all([PDFDocument.load(once), PDFDocument.load(twice)]);
    expect(b.getPageCount()).toBe(a.getPageCount());
    expect(await rules(twice)).toEqual({ "14-002": 1 });
    expect(differingPages(await pagesPixels(once), await pagesPixels(twice))).toEqual([]);
  });
});
