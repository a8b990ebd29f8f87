import bwipjs from "bwip-js/generic";
import { escapeHtml } from "../../lib/escape-html";
import { CodeRefusal } from "./code-refusal";
import { mmToPx } from "./css-length";
import { mergedPath } from "./merged-path";
import { type QrErrorCorrection, qrDrawing } from "./qr-drawing";

/** The smallest module a scanner reads reliably from print (docs/codes.md#module-size). */
export const MIN_MODULE_MM = 0.25;

/** Which encoder makes the symbol: the QR encoder (qr-drawing.ts), or bwip-js for every other symbology. */
export type SymbolEncoder =
  | { kind: "qr"; errorCorrection: QrErrorCorrection }
  | {
      kind: "bwip";
      /** bwip-js's name of the symbology. */
      bcid: string;
      /** bwip-js options beyond the text (text below the bars). */
      options?: Record<string, string | number | boolean>;
    };

/** What a filter asks to encode, and how the result is drawn. */
export interface SymbolRequest {
  filter: string;
  encoder: SymbolEncoder;
  text: string;
  /** Drawing units of bwip-js's SVG per module at scale 1: 2 for QR codes and Data Matrix, 1 for the others. */
  unitsPerModule: number;
  /** Width of the drawing in mm, quiet zone included; the height follows the symbol's proportions. */
  widthMm?: number;
  /** The module size a drawing without a width gets: the symbology's nominal one. */
  nominalModuleMm: number;
  /** Height in mm for linear codes (bars stretched to it); none keeps a 2D symbol square to its modules. */
  heightMm?: number;
  quietZoneModules: number;
  color: string;
  background: string;
  label: string;
  /** Drawn over the symbol, in the drawing's units (its width and height given): the Swiss cross. */
  overlay?: (width: number, height: number) => string;
}

/**
 * The symbol's drawing without quiet zone. QR codes come from the dedicated encoder (qr-drawing.ts); the others from
 * bwip-js's SVG: `<svg viewBox="0 0 W H" ...>` on its first line, the drawing, `</svg>`.
 */
function encode(request: SymbolRequest, barHeightUnits?: number): { width: number; height: number; body: string } {
  const { encoder } = request;
  if (encoder.kind === "qr") return qrDrawing(request.text, encoder.errorCorrection, request.color);
  const color = request.color.slice(1);
  const svg = bwipjs.toSVG({
    bcid: encoder.bcid,
    text: request.text,
    scale: 1,
    barcolor: color,
    textcolor: color,
    // bwip-js takes bar heights in mm at 72 units an inch.
    ...(barHeightUnits === undefined ? {} : { height: (barHeightUnits * 25.4) / 72 }),
    ...encoder.options,
  });
  const head = /^<svg viewBox="0 0 (\d+) (\d+)"[^>\n]*>\n/.exec(svg);
  if (!head) throw new Error("bwip-js drew an SVG without its viewBox line");
  const body = svg.slice(head[0].length, -"</svg>\n".length);
  return { width: Number(head[1]), height: Number(head[2]), body: mergedPath(body, request.color) };
}

/** bwip-js's message without its internal code: "bwipp.GS1badChecksum#3251: AI 01: Bad checksum" says "AI 01: …". */
export function encoderWords(error: unknown): string {
  const message = (error as Error).message ?? String(error);
  const colon = message.indexOf(": ");
  return colon >= 0 && message.startsWith("bwip") ? message.slice(colon + 2) : message;
}

/**
 * One code as inline SVG: bwip-js's vector drawing (bars and modules as merged paths, the human-readable text as
 * glyph outlines, so both engines draw the same shapes with no font), inside an `<svg>` of its own size with its
 * quiet zone, background, `role="img"` and `aria-label`.
 */
export function symbolSvg(request: SymbolRequest): string {
  const { heightMm, quietZoneModules, unitsPerModule } = request;
  const quiet = quietZoneModules * unitsPerModule;
  // A linear code's quiet zone is to its sides; above and below it keeps two modules of background.
  const vquiet = heightMm === undefined ? quiet : 2 * unitsPerModule;
  let drawn: ReturnType<typeof encode>;
  let widthMm: number;
  try {
    // A linear code is drawn once to learn its width, then with its bars as high as asked, the text in proportion.
    const probe = encode(request, heightMm === undefined ? undefined : 72);
    widthMm = request.widthMm ?? ((probe.width + 2 * quiet) / unitsPerModule) * request.nominalModuleMm;
    const barUnits = heightMm ? ((probe.width + 2 * quiet) * heightMm) / widthMm - (probe.height - 72) - 2 * vquiet : 0;
    drawn = heightMm === undefined ? probe : encode(request, Math.max(1, Math.round(barUnits)));
  } catch (error) {
    throw new CodeRefusal(request.filter, "text", "encoding", `the text cannot be encoded: ${encoderWords(error)}`);
  }
  const width = drawn.width + 2 * quiet;
  const height = drawn.height + 2 * vquiet;
  const moduleMm = (widthMm * unitsPerModule) / width;
  if (moduleMm < MIN_MODULE_MM)
    throw new CodeRefusal(
      request.filter,
      "size",
      "too_small",
      `at ${widthMm.toFixed(1)} mm a module is ${moduleMm.toFixed(3)} mm, under the ${MIN_MODULE_MM} mm a scanner ` +
        `reads: make the code at least ${Math.ceil((MIN_MODULE_MM * width) / unitsPerModule)} mm wide`,
      { min_module_mm: MIN_MODULE_MM },
    );
  const heightPx = mmToPx(heightMm ?? (widthMm * height) / width);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-quiet} ${-vquiet} ${width} ${height}" ` +
    `width="${mmToPx(widthMm)}" height="${heightPx}" preserveAspectRatio="none" ` +
    `style="display:block;width:${mmToPx(widthMm)}px;height:${heightPx}px" role="img" ` +
    `aria-label="${escapeHtml(request.label)}">` +
    `<rect x="${-quiet}" y="${-vquiet}" width="${width}" height="${height}" fill="${request.background}"/>` +
    `${drawn.body}${request.overlay?.(drawn.width, drawn.height) ?? ""}</svg>`
  );
}
