// QR codes by a dedicated encoder (docs/codes.md#encoders): bwip-js's QR encoder costs 10 ms and more a code,
// node-qrcode's a tenth of it, and a statement with a code on every page pays it per page.
import { create } from "qrcode";

/** The units a module takes in the drawing, as bwip-js draws its 2D codes at scale 1 (symbol-svg.ts). */
const UNITS_PER_MODULE = 2;

/** QR error correction levels, from about 7% of the symbol recoverable (L) to 30% (H). */
export type QrErrorCorrection = "L" | "M" | "Q" | "H";

export interface QrDrawing {
  width: number;
  height: number;
  body: string;
}

/**
 * `text` as a QR code at error correction `ecc`, its UTF-8 bytes in one byte-mode segment (the mode the EPC and Swiss
 * payment codes expect; a reader answers the same text whatever the mode), drawn as one path of the dark runs of
 * each row, without quiet zone.
 */
export function qrDrawing(text: string, ecc: QrErrorCorrection, color: string): QrDrawing {
  const { modules } = create([{ data: new TextEncoder().encode(text), mode: "byte" }], { errorCorrectionLevel: ecc });
  const { size, data } = modules as unknown as { size: number; data: Uint8Array };
  const runs: string[] = [];
  for (let row = 0; row < size; row++) {
    let start = -1;
    for (let col = 0; col <= size; col++) {
      const dark = col < size && data[row * size + col] === 1;
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        const y = row * UNITS_PER_MODULE;
        runs.push(
          `M${start * UNITS_PER_MODULE} ${y}h${(col - start) * UNITS_PER_MODULE}v${UNITS_PER_MODULE}h${(start - col) * UNITS_PER_MODULE}z`,
        );
        start = -1;
      }
    }
  }
  const width = size * UNITS_PER_MODULE;
  return { width, height: width, body: `<path d="${runs.join("")}" fill="${color}"/>` };
}
