import { escapeHtml } from "../../lib/escape-html";

/** Text laid across every page or image, as markup of the document itself rather than a stamp on its output. */
export interface Watermark {
  text: string;
  /** 0.05 to 1; default 0.15. */
  opacity?: number;
  /** Degrees, -90 to 90; default -45. */
  angle?: number;
}

/**
 * `over` lays the text on top of everything (previews); `under` paints it before the content, whose text stays on top
 * and selectable.
 */
type WatermarkLayer = "over" | "under";

/**
 * The mark alone, as the root of a card of its own: Satori lays it out on a transparent card, closed onto a preview's
 * SVG.
 */
export function watermarkOverlay(watermark: Watermark): string {
  return mark(watermark, false, "over", true, OVERLAY_INK);
}

/** Mid-grey: seen on a white page and on a dark card alike (black at the same opacity vanishes on dark). */
export const OVERLAY_INK = [128, 128, 128] as const;

function mark(
  watermark: Watermark,
  fixed: boolean,
  layer: WatermarkLayer,
  root = false,
  ink: readonly number[] = [0, 0, 0],
): string {
  const opacity = watermark.opacity ?? 0.15;
  const angle = watermark.angle ?? -45;
  // Chromium repeats a position:fixed element on every printed page, and centres it in the viewport of a capture.
  // A negative z-index paints it right after the page background, before any of the document's own boxes.
  const place = fixed
    ? "position:fixed;inset:0"
    : root
      ? "width:100%;height:100%"
      : "position:absolute;left:0;top:0;width:100%;height:100%";
  const box =
    `${place};display:flex;align-items:center;justify-content:center;pointer-events:none;` +
    `z-index:${layer === "over" ? 2147483647 : -1}${root ? "" : ";overflow:hidden"}`;
  const text =
    `display:flex;transform:rotate(${angle}deg);font-family:Inter,sans-serif;font-size:96px;font-weight:700;` +
    `letter-spacing:8px;white-space:nowrap;color:rgba(${ink.join(",")},${opacity})`;
  return `<div aria-hidden="true" style="${box}"><div style="${text}">${escapeHtml(watermark.text)}</div></div>`;
}

/**
 * Where a Chromium document takes the mark: first in its body, so it never starts a page of its own (after a
 * last `break-after: page` it would print an extra, empty one). Without a body tag, after the head; a bare
 * fragment takes it first, after any doctype; a document with an html or head tag but neither, last.
 */
function bodyStart(html: string): number {
  const body = /<body\b[^>]*>/i.exec(html) ?? /<\/head\s*>/i.exec(html);
  if (body) return body.index + body[0].length;
  if (/<(html|head)\b/i.test(html)) return html.length;
  return /^\s*<!doctype[^>]*>/i.exec(html)?.[0].length ?? 0;
}

/**
 * The document with its own `watermark` option, under its content. For Chromium, a fixed layer at the start of the
 * body; for Satori, which has no fixed positioning, an absolute layer as the last child of the card's root element.
 * (A preview's mark is never markup: see preview-mark.ts.)
 */
export function watermarkDocument(html: string, watermark: Watermark, engine: "chromium" | "satori"): string {
  const layer: WatermarkLayer = "under";
  if (engine === "satori") {
    const trimmed = html.trimEnd();
    const rootClose = trimmed.lastIndexOf("</");
    return rootClose < 0
      ? trimmed
      : `${trimmed.slice(0, rootClose)}${mark(watermark, false, layer)}${trimmed.slice(rootClose)}`;
  }
  const at = bodyStart(html);
  return `${html.slice(0, at)}${mark(watermark, true, layer)}${html.slice(at)}`;
}
