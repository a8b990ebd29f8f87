import type { RenderOptions } from "../../contract/render-options/options-schema";
import { toDataUri } from "../asset-fetcher";
import { INTER_FONTS } from "./inter-fonts";

/** A satori card's size unless its options say otherwise. */
const CARD_SIZE = { width: 1200, height: 630 } as const;

let interFaces: string | null = null;

/** The Inter weights Satori lays cards out with, as data: URIs (no request leaves the page); built once per isolate. */
function interFontFaces(): string {
  interFaces ??= INTER_FONTS.map(
    ({ weight, data }) =>
      `@font-face { font-family: Inter; font-style: normal; font-weight: ${weight}; src: ` +
      `url(${toDataUri(new Uint8Array(data), "font/woff")}) format("woff"); }`,
  ).join("\n");
  return interFaces;
}

/**
 * Satori's layout defaults in CSS, so Chromium lays the markup out as Satori does: the card fills a
 * width x height root that wraps its children from the top left; every element is a flex container (row),
 * sized border-box, positioned relative to its parent, and does not shrink (Yoga's default, not the web's);
 * text is Inter unless the card names another font.
 */
function satoriDefaults(width: number, height: number): string {
  return (
    `@page { size: ${width}px ${height}px; margin: 0; }\n` +
    `html, body { margin: 0; padding: 0; width: ${width}px; height: ${height}px; overflow: hidden; }\n` +
    `body { display: flex; flex-wrap: wrap; align-items: flex-start; align-content: flex-start; font-family: ` +
    `Inter; font-size: 16px; color: black; }\n` +
    `body * { display: flex; flex-shrink: 0; box-sizing: border-box; position: relative; min-width: 0; min-height: 0; }`
  );
}

/** A card's size: its options' `width` and `height`, else 1200 x 630. */
export function cardSize(options: RenderOptions): { width: number; height: number } {
  return { width: options.width ?? CARD_SIZE.width, height: options.height ?? CARD_SIZE.height };
}

/**
 * A satori card asked for as PDF or JPG goes through Chromium and keeps the card (docs/rendering.md#card-documents):
 * this is the document and the job options that do it. The viewport is the card, a JPG captures exactly it (so it has
 * the PNG's dimensions), and a PDF is one page of that size with no margin (the card's own @page: satori templates
 * take no page options).
 */
export function cardForChromium(markup: string, options: RenderOptions): { html: string; options: RenderOptions } {
  const { width, height } = cardSize(options);
  const html =
    `<!doctype html><html><head><meta charset="utf-8">` +
    `<style>\n${interFontFaces()}\n${satoriDefaults(width, height)}\n</style></head><body>${markup.trim()}</body>` +
    `</html>`;
  return { html, options: { ...options, width, height, full_page: false } };
}
