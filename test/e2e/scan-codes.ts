// Reading codes back as a scanner would: ZXing (zxing-wasm, its WebAssembly loaded from node_modules, never the
// network) over the page's pixels, a decoder the project does not use to draw them.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { prepareZXingModule, type ReadResult, readBarcodes } from "zxing-wasm/reader";
import { drawPage } from "./pdf-tools";

const wasm = readFileSync(createRequire(import.meta.url).resolve("zxing-wasm/reader/zxing_reader.wasm"));
const ready = prepareZXingModule({
  overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
  fireImmediately: true,
});

type Pixels = { data: Uint8ClampedArray; width: number; height: number };

async function scan(pixels: Pixels): Promise<ReadResult[]> {
  await ready;
  const results = await readBarcodes(pixels as unknown as Parameters<typeof readBarcodes>[0], {
    tryHarder: true,
    maxNumberOfSymbols: 32,
    textMode: "HRI",
  });
  return results.filter((result) => result.isValid);
}

/** The codes on a PDF page rasterised at `dpi`, with the page's pixels (for measuring). */
export async function scanPdfPage(file: string, page = 1, dpi = 300) {
  const canvas = await drawPage(file, page, dpi);
  const pixels = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
  return { codes: await scan(pixels), pixels };
}

/** The codes in a PNG. */
export async function scanPng(png: Buffer): Promise<ReadResult[]> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  return scan(context.getImageData(0, 0, image.width, image.height));
}

/** Each code's symbology and text, sorted by text: what a scanner reports, in an order a test can compare. */
export const decoded = (codes: ReadResult[]) =>
  codes.map((code) => ({ format: code.format, text: code.text })).sort((a, b) => a.text.localeCompare(b.text));
