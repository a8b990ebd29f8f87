// How large an image Chromium is asked for: the Worker refuses options past these before any work, and a
// page checks a full-page capture against them once the document is laid out. Import-free: the Worker's
// domain reads it without the rest of the page.

/** The viewport a job gets unless its options say otherwise; launching with it spares a resize per job. */
export const DEFAULT_VIEWPORT = { width: 1280, height: 800, deviceScaleFactor: 1 };

/**
 * Raster output ceilings (docs/rendering.md#raster-ceilings): beyond them Chromium's memory grows into gigabytes, or its GPU process dies.
 */
export const MAX_RASTER_PIXELS = 40_000_000;
export const MAX_RASTER_SIDE = 16_384;

/**
 * Null when an image of `width` x `height` CSS px at `scale` fits the raster ceilings (`maxPixels` in all, lower for an
 * image drawn in the Worker); otherwise why not.
 */
export function rasterProblem(
  width: number,
  height: number,
  scale: number,
  maxPixels = MAX_RASTER_PIXELS,
): string | null {
  const w = Math.ceil(width * scale);
  const h = Math.ceil(height * scale);
  if (w > MAX_RASTER_SIDE || h > MAX_RASTER_SIDE)
    return `${w} x ${h} pixels has a side longer than ${MAX_RASTER_SIDE} pixels`;
  if (w * h > maxPixels)
    return `${w} x ${h} pixels is ${((w * h) / 1e6).toFixed(1)} megapixels, more than ${maxPixels / 1e6}`;
  return null;
}
