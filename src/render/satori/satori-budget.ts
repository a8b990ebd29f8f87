// Satori lays a card out in the Worker, on the request's own CPU, and its parser and layout recurse per element: an
// unbounded card held the Worker for a minute (60 KB of text at 200 px) or overflowed its stack (2,000 nested divs). So
// a card's markup is measured in one linear scan (lib/markup-scan.ts) before anything parses it, and refused past
// counts set by measurement (docs/contributing.md, "How a render stays safe"): on the bench machine Satori spends about
// 35 ms of CPU per 100 elements and per 1,000 characters, so 2,000 elements or 20,000 characters cost 0.8 s; the counts
// are the lowest the rules allow, 500 and 5,000 (about 0.17 s each).
import { HTML_VOID_ELEMENTS, scanMarkup } from "../../lib/markup-scan";

export const MAX_CARD_ELEMENTS = 500;
export const MAX_CARD_CHARACTERS = 5_000;
export const MAX_CARD_DEPTH = 64;
/**
 * Characters of a card's markup, all of it: Satori's markup parser (satori-html) takes time growing with the square of
 * its length (50,000 characters: 0.16 s; 170,000: 7.8 s; 340,000: 56 s), so nothing longer reaches it.
 */
export const MAX_CARD_MARKUP = 50_000;
/** Pixels of the regions a card's shadows, blurs and filters are drawn into, summed (satori-cost.ts). */
export const MAX_BLUR_AREA = 500_000;
/** Pixels of a card's gradients, each weighed by its kind and stops (satori-cost.ts). */
export const MAX_GRADIENT_AREA = 2_000_000;
/** Elements a card's SVG drawings draw, each <use>, pattern and marker counted as drawn (svg-cost.ts). */
export const MAX_SVG_ELEMENTS = 10_000;
/** Segments of an SVG's paths and polygons, as the square root of their squares summed (svg-cost.ts). */
export const MAX_PATH_SEGMENTS = 3_500;
/** Pixels of an SVG drawing's filter regions, each primitive weighed by its work per pixel (svg-cost.ts). */
export const MAX_FILTER_AREA = 60_000;
/** The largest card PNG: resvg draws it and the Worker encodes it on the request's own CPU (docs/limits.md). */
export const MAX_CARD_PIXELS = 6_000_000;

export type CardBudgetDetails =
  | { max_elements: number }
  | { max_characters: number }
  | { max_depth: number }
  | { max_blur_area: number }
  | { max_svg_elements: number }
  | { max_filter_area: number }
  | { max_path_segments: number }
  | { max_markup_characters: number }
  | { max_gradient_area: number }
  | { max_pixels: number };

export class CardBudgetExceeded extends Error {
  constructor(
    message: string,
    readonly details: CardBudgetDetails,
  ) {
    super(message);
  }
}

/** Throws CardBudgetExceeded when `html` is longer, holds more elements or text, or nests deeper, than a card may. */
export function measureCard(html: string): void {
  let elements = 0;
  let text = 0;
  // Open elements by name: a closing tag ends the nearest open one of its name, and one that closes nothing is
  // ignored, as Satori's parser does (so `</br>` cannot lower the count).
  const open: string[] = [];
  for (const event of scanMarkup(html)) {
    if (event.kind === "text" || event.kind === "cdata") text += event.text.replace(/\s+/g, " ").trim().length;
    if (event.kind === "close") {
      const at = open.lastIndexOf(event.name);
      if (at >= 0) open.length = at;
    }
    if (event.kind !== "open") continue;
    if (++elements > MAX_CARD_ELEMENTS)
      throw new CardBudgetExceeded(`it has more than ${MAX_CARD_ELEMENTS.toLocaleString("en-US")} elements`, {
        max_elements: MAX_CARD_ELEMENTS,
      });
    if (!event.selfClosing && !HTML_VOID_ELEMENTS.has(event.name)) open.push(event.name);
    if (open.length > MAX_CARD_DEPTH)
      throw new CardBudgetExceeded(`its elements nest more than ${MAX_CARD_DEPTH} deep`, { max_depth: MAX_CARD_DEPTH });
  }
  if (text > MAX_CARD_CHARACTERS)
    throw new CardBudgetExceeded(
      `it holds more than ${MAX_CARD_CHARACTERS.toLocaleString("en-US")} characters of text`,
      { max_characters: MAX_CARD_CHARACTERS },
    );
  if (html.length > MAX_CARD_MARKUP)
    throw new CardBudgetExceeded(`its markup is longer than ${MAX_CARD_MARKUP.toLocaleString("en-US")} characters`, {
      max_markup_characters: MAX_CARD_MARKUP,
    });
}
