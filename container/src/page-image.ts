// A PDF's first page as a PNG, drawn by pdf.js on @napi-rs/canvas: what an agent looks at when it previews a PDF
// (MCP preview_template, README "Add Folio to an MCP client"). Runs in its own side thread (page-image-worker.ts):
// drawing a page is pure CPU for tens of milliseconds, which must not hold the prints' Chromium traffic.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { JobFailure } from "@folio/render-page/job-failure";
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

export async function firstPageImage(pdf: Uint8Array): Promise<PageImage> {
  // Folio's own print, but read as any PDF would be: no code compiled from the file's fonts.
  const task = getDocument({
    data: pdf,
    verbosity: VerbosityLevel.ERRORS,
    standardFontDataUrl: STANDARD_FONTS,
    isEvalSupported: false,
  });
  try {
    const doc = await task.promise.catch((error: Error) => {
      throw new JobFailure("render_failed", `The PDF's first page could not be drawn: ${error.message}`, {
        stage: "page_image",
        reason: "unreadable_pdf",
        retryable: false,
      });
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
