// A PDF's first page as a PNG, drawn by pdf.js on @napi-rs/canvas: what an agent looks at when it previews a PDF
// (MCP preview_template, README "Add Folio to an MCP client"). Runs in its own side thread (page-image-worker.ts):
// drawing a page is pure CPU for tens of milliseconds, which must not hold the prints' Chromium traffic. Its cost is
// bounded before it starts (docs/limits.md#page-images): the canvas by MAX_SIDE_PX, the images pdf.js decodes (each
// at full size, however small it is drawn) by the raster ceilings; a page past them is not drawn, and the Worker
// answers the PDF instead.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { JobFailure } from "@folio/render-page/job-failure";
import { firstPageImagePixels, pageImagesProblem } from "@folio/render-page/pdf-image-pixels";
import { MAX_RASTER_PIXELS } from "@folio/render-page/raster-limits";
import { createCanvas } from "@napi-rs/canvas";
import { getDocument, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { RenderParameters } from "pdfjs-dist/types/src/display/api";

/** A pixel per CSS px, as a browser shows the page at 100 %. */
const DPI = 96;
/** A page larger than A2 at 96 dpi is drawn smaller: an image to look at, not a print. */
const MAX_SIDE_PX = 2_000;

// Text a PDF names without embedding (the preview mark's Helvetica) is drawn with pdf.js's own standard fonts.
const STANDARD_FONTS = `${join(dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts")}/`;

export interface PageImage {
  png: Uint8Array;
  width: number;
  height: number;
}

const refused = (reason: string, why: string) =>
  new JobFailure("render_failed", `The PDF's first page is not drawn: ${why}.`, {
    stage: "page_image",
    reason,
    retryable: false,
  });

/** A PDF that pdf-lib or pdf.js could not read: what they said goes to the log, not the answer. */
function unreadable(error: Error): JobFailure {
  console.error(`render backend: a page image's PDF could not be read: ${error.message}`);
  return refused("unreadable_pdf", "the file could not be read as a PDF");
}

/** Refuses a PDF that cannot be read, or whose first page's images are past the raster ceilings. */
async function checkImages(pdf: Uint8Array): Promise<void> {
  const pixels = await firstPageImagePixels(pdf).catch((error: Error) => {
    throw unreadable(error);
  });
  const problem = pageImagesProblem(pixels);
  if (problem) throw refused("images_too_large", problem);
}

export async function firstPageImage(pdf: Uint8Array): Promise<PageImage> {
  // Before pdf.js reads a byte: it decodes every image the page draws at full size.
  await checkImages(pdf);
  // Folio's own print, but read as any PDF would be: no code compiled from the file's fonts, and no image decoded
  // past the raster ceiling should one escape the check above (pdf.js leaves it out).
  const task = getDocument({
    data: pdf,
    verbosity: VerbosityLevel.ERRORS,
    standardFontDataUrl: STANDARD_FONTS,
    isEvalSupported: false,
    maxImageSize: MAX_RASTER_PIXELS,
  });
  try {
    const doc = await task.promise.catch((error: Error) => {
      throw unreadable(error);
    });
    const page = await doc.getPage(1);
    const natural = page.getViewport({ scale: DPI / 72 });
    const scale = (DPI / 72) * Math.min(1, MAX_SIDE_PX / Math.max(natural.width, natural.height));
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    // pdf.js's types name the DOM's canvas; in Node it draws on @napi-rs/canvas's, which has the same interface.
    await page.render({ canvas: canvas as unknown as RenderParameters["canvas"], viewport }).promise;
    return { png: new Uint8Array(await canvas.encode("png")), width: canvas.width, height: canvas.height };
  } finally {
    await task.destroy();
  }
}
