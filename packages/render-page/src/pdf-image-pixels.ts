// The images a PDF's first page draws, read from its resources without decoding one: what drawing the page as a
// picture will cost before it starts (container/src/page-image.ts). A picture's decoder holds every image at its
// full size (4 bytes a pixel), so a 16,000 px square image costs a gigabyte however small the page is drawn.
import { PDFDict, PDFDocument, PDFName, PDFNumber, type PDFObject, PDFRawStream, PDFRef } from "@cantoo/pdf-lib";
import { MAX_RASTER_PIXELS, rasterProblem } from "./raster-limits.ts";

/** The largest image the first page draws, and the pixels of all its images (each counted once). */
export interface PageImagePixels {
  largest: { width: number; height: number } | null;
  total: number;
}

/** Resource dictionaries nested this deep (forms in patterns in forms…) are not followed further. */
const MAX_DEPTH = 16;

const numberIn = (dict: PDFDict, key: string): number => {
  const value = dict.lookup(PDFName.of(key));
  return value instanceof PDFNumber ? value.asNumber() : 0;
};

export async function firstPageImagePixels(pdf: Uint8Array): Promise<PageImagePixels> {
  const doc = await PDFDocument.load(pdf, { ignoreEncryption: true, updateMetadata: false });
  const found: PageImagePixels = { largest: null, total: 0 };
  const seen = new Set<PDFObject>();
  const image = (dict: PDFDict) => {
    const width = numberIn(dict, "Width");
    const height = numberIn(dict, "Height");
    found.total += width * height;
    if (!found.largest || width * height > found.largest.width * found.largest.height)
      found.largest = { width, height };
    const mask = dict.lookup(PDFName.of("SMask"));
    if (mask instanceof PDFRawStream && !seen.has(mask)) {
      seen.add(mask);
      image(mask.dict);
    }
  };
  const resources = (dict: PDFObject | undefined, depth: number) => {
    if (!(dict instanceof PDFDict) || depth > MAX_DEPTH) return;
    for (const group of ["XObject", "Pattern"]) {
      const entries = dict.lookup(PDFName.of(group));
      if (!(entries instanceof PDFDict)) continue;
      for (const value of entries.values()) {
        const object = value instanceof PDFRef ? doc.context.lookup(value) : value;
        if (!object || seen.has(object)) continue;
        seen.add(object);
        const streamDict = object instanceof PDFRawStream ? object.dict : object instanceof PDFDict ? object : null;
        if (!streamDict) continue;
        if (streamDict.lookup(PDFName.of("Subtype")) === PDFName.of("Image")) image(streamDict);
        else resources(streamDict.lookup(PDFName.of("Resources")), depth + 1);
      }
    }
  };
  // A page's resources may be inherited from its page tree: Resources() finds them there.
  resources(doc.getPage(0).node.Resources(), 0);
  return found;
}

/** Null when the page's images fit the raster ceilings (docs/limits.md#page-images); otherwise why not. */
export function pageImagesProblem({ largest, total }: PageImagePixels): string | null {
  const tooLarge = largest && rasterProblem(largest.width, largest.height, 1);
  if (tooLarge) return `its image of ${tooLarge}`;
  if (total > MAX_RASTER_PIXELS)
    return `its images hold ${(total / 1e6).toFixed(1)} megapixels, more than ${MAX_RASTER_PIXELS / 1e6}`;
  return null;
}
