// A job's PNG or JPG: the laid-out document measured against the raster ceilings, screenshotted, and a
// preview's mark laid over the pixels.

import type { InPageDocument } from "./in-page-dom.ts";
import type { RenderJob } from "./job-contract.ts";
import { JobFailure } from "./job-failure.ts";
import type { PageLike, Viewport } from "./page-like.ts";
import { MAX_RASTER_PIXELS, MAX_RASTER_SIDE, rasterProblem } from "./raster-limits.ts";

/** Only ever touched inside functions that Puppeteer serializes and runs in the page. */
declare const document: InPageDocument;

/** A full-page capture is as large as the laid-out document: measured before Chromium is asked to paint it. */
async function checkFullPageSize(page: PageLike, viewport: Viewport): Promise<void> {
  const size: { width: number; height: number } = await page.evaluate(() => {
    const root = document.documentElement;
    return {
      width: Math.max(root.scrollWidth, document.body?.scrollWidth ?? 0),
      height: Math.max(root.scrollHeight, document.body?.scrollHeight ?? 0),
    };
  });
  const width = Math.max(viewport.width, size.width);
  const height = Math.max(viewport.height, size.height);
  const problem = rasterProblem(width, height, viewport.deviceScaleFactor);
  if (problem) {
    throw new JobFailure(
      "render_failed",
      `The full-page image would be ${problem}. Set full_page to false, or make the document or ` +
        `device_scale_factor smaller.`,
      {
        stage: "layout",
        reason: "raster_too_large",
        max_pixels: MAX_RASTER_PIXELS,
        max_side: MAX_RASTER_SIDE,
        width: Math.ceil(width * viewport.deviceScaleFactor),
        height: Math.ceil(height * viewport.deviceScaleFactor),
        retryable: false,
      },
    );
  }
}

/** A screenshot's bytes: Browser Rendering's Puppeteer answers base64. */
function screenshotBytes(shot: Uint8Array | string): Uint8Array {
  return typeof shot === "string" ? Uint8Array.from(atob(shot), (c) => c.charCodeAt(0)) : shot;
}

/** Captures the loaded document of `job` as a PNG or JPG at `viewport`, marked when the job carries a mark. */
export async function captureImage(page: PageLike, job: RenderJob, viewport: Viewport): Promise<Uint8Array> {
  const o = job.options;
  if (o.full_page ?? true) await checkFullPageSize(page, viewport);
  const shot = await page.screenshot({
    type: job.format === "jpg" ? "jpeg" : "png",
    fullPage: o.full_page ?? true,
    ...(job.format === "jpg" ? { quality: o.quality ?? 90 } : { omitBackground: o.omit_background ?? false }),
    captureBeyondViewport: true,
    // Chromium's fast PNG encoding (a lighter zlib setting): larger files, a quicker answer.
    optimizeForSpeed: true,
  });
  const bytes = screenshotBytes(shot);
  return job.markHtml === undefined ? bytes : markCapture(page, bytes, job, job.markHtml);
}

/** Width and height in pixels, from a PNG's IHDR or a JPEG's first frame header. */
function capturedSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes[0] === 0x89) return { width: view.getUint32(16), height: view.getUint32(20) };
  for (let at = 2; at + 9 < bytes.length; at += 2 + view.getUint16(at + 2)) {
    const marker = view.getUint8(at + 1);
    if (marker >= 0xc0 && marker <= 0xc3) return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
  }
  throw new Error("the capture is neither a PNG nor a JPEG");
}

/**
 * Lays a preview's mark over what was captured: the page, done with the template's document, shows only those
 * pixels with the mark above them and is captured again at the same size, so nothing in the template (markup,
 * comments, CSS) can hide or remove the mark (README, "Previews").
 */
async function markCapture(page: PageLike, shot: Uint8Array, job: RenderJob, markHtml: string): Promise<Uint8Array> {
  const { width, height } = capturedSize(shot);
  await page.setViewport({ width, height, deviceScaleFactor: 1 });
  let binary = "";
  for (let i = 0; i < shot.length; i += 0x8000) binary += String.fromCharCode(...shot.subarray(i, i + 0x8000));
  const image =
    `<img alt="" src="data:image/${job.format === "jpg" ? "jpeg" : "png"};base64,${btoa(binary)}" ` +
    `style="display:block;width:${width}px;height:${height}px">`;
  await page.setContent(
    `<!doctype html><html><body style="margin:0;background:transparent">${image}${markHtml}</body></html>`,
    { waitUntil: "load", timeout: job.timeoutMs },
  );
  const marked = await page.screenshot({
    type: job.format === "jpg" ? "jpeg" : "png",
    clip: { x: 0, y: 0, width, height },
    ...(job.format === "jpg" ? { quality: job.options.quality ?? 90 } : { omitBackground: true }),
    optimizeForSpeed: true,
  });
  return screenshotBytes(marked);
}
