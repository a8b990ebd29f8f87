// Every page of a PDF drawn by pdfjs (test/e2e/pdf-tools.ts's drawPage), to say a mend left what a reader sees as
// it was: the RGBA bytes of each page at 96 dpi.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument } from "@cantoo/pdf-lib";
import { drawPage } from "../e2e/pdf-tools.ts";

const folder = mkdtempSync(join(tmpdir(), "folio-pdfua-pixels-"));
let written = 0;

/** Each page's pixels, page by page. */
export async function pagesPixels(bytes: Uint8Array): Promise<Uint8ClampedArray[]> {
  const file = join(folder, `${written++}.pdf`);
  writeFileSync(file, bytes);
  const pages = (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
  const pixels: Uint8ClampedArray[] = [];
  for (let page = 1; page <= pages; page++) {
    const canvas = await drawPage(file, page, 96);
    pixels.push(canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data);
  }
  return pixels;
}

/** The pages (1-based) whose pixels differ between two renderings of a document, or whose count differs. */
export function differingPages(before: Uint8ClampedArray[], after: Uint8ClampedArray[]): number[] {
  const pages = Math.max(before.length, after.length);
  return Array.from({ length: pages }, (_, i) => i + 1).filter((page) => {
    const [a, b] = [before[page - 1], after[page - 1]];
    return !a || !b || a.length !== b.length || !a.every((value, i) => value === b[i]);
  });
}

/** How many pixels of a page are not white: a blank drawing would compare equal to anything blank. */
export const inkedPixels = (page: Uint8ClampedArray | undefined) =>
  page ? page.filter((value, i) => i % 4 !== 3 && value < 250).length : 0;
