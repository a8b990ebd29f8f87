// Reading and normalizing Chromium's PDFs without a PDF library: Skia writes the trailer, the info
// dictionary and the page tree as plain (uncompressed) objects, so they can be found and patched in
// place. Import-free, so the render backend shares it.

const latin1 = new TextDecoder("latin1");

/** The /Count of the root page tree: the number of pages Chromium produced. */
export function pdfPageCount(bytes: Uint8Array): number {
  const text = latin1.decode(bytes);
  let best = 0;
  for (const match of text.matchAll(/\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)|\/Count\s+(\d+)[^>]*?\/Type\s*\/Pages\b/g)) {
    best = Math.max(best, Number(match[1] ?? match[2]));
  }
  return best;
}
