// A preview's PREVIEW mark is drawn onto the output, never into the document (README, "Previews"): markup,
// comments or CSS in a template could hide a mark that is part of it, and a free preview would then be a free
// render. On a PDF it is drawn after printing (preview-mark-pdf.ts); on a satori card it is the last element of the
// SVG Satori made, drawn by resvg over everything; on a Chromium PNG or JPG the backend lays it, tiled, over the
// captured pixels (@folio/render-page capture.ts, markCapture).

import { BoundedCache } from "../../lib/bounded-cache";
import { escapeHtml } from "../../lib/escape-html";
import { layoutSatoriCard, satoriTree } from "../satori/satori";
import { type Watermark, watermarkOverlay } from "./watermark";

export const PREVIEW_MARK: Required<Watermark> = { text: "PREVIEW", opacity: 0.35, angle: -35 };

/** The card mark's tile as SVG markup, per mark (its placement is per card). */
const cardTiles = new BoundedCache<Promise<string>>(4);

/** The tile the card mark repeats: the size of the tile the render backend lays over a Chromium capture. */
const CARD_TILE = { width: 560, height: 360 };

/** The tile placed over a `width` x `height` card: one on its middle, every other row shifted half a tile. */
function tiledMark(tile: string, width: number, height: number): string {
  const { width: w, height: h } = CARD_TILE;
  const rows = Math.ceil(height / 2 / h) + 1;
  const columns = Math.ceil(width / 2 / w) + 1;
  const uses: string[] = [];
  for (let row = -rows; row <= rows; row++)
    for (let column = -columns; column <= columns; column++) {
      const x = width / 2 - w / 2 + column * w + (Math.abs(row) % 2) * (w / 2);
      const y = height / 2 - h / 2 + row * h;
      if (x + w > 0 && y + h > 0 && x < width && y < height)
        uses.push(`<use href="#folio-preview-mark" x="${x}" y="${y}"/>`);
    }
  return `<defs><g id="folio-preview-mark">${tile}</g></defs>${uses.join("")}`;
}

/**
 * Closes a card's SVG with the mark, laid out by Satori itself on a transparent tile (its text becomes paths, so resvg
 * needs no font) and repeated over the whole card, so a card of any size is marked everywhere, not in one band a
 * template could keep clear of: inserted before the root's end tag, the last thing Satori writes.
 */
export async function withMarkSvg(
  svg: string,
  width: number,
  height: number,
  mark: Required<Watermark> = PREVIEW_MARK,
): Promise<string> {
  // The tile depends on the mark only: laid out once, not on every preview.
  const tile = await cardTiles.get(JSON.stringify(mark), async () => {
    const overlay = await layoutSatoriCard(satoriTree(watermarkOverlay(mark)), CARD_TILE.width, CARD_TILE.height);
    return overlay.slice(overlay.indexOf(">") + 1, overlay.lastIndexOf("</svg>"));
  });
  const end = svg.lastIndexOf("</svg>");
  return `${svg.slice(0, end)}${tiledMark(tile, width, height)}${svg.slice(end)}`;
}

/**
 * The overlay the render backend lays over a captured PNG or JPG: the word as a tile repeated over the whole image,
 * so a tall capture or a high scale factor is marked everywhere, not in one band a template could keep clear of;
 * white with a dark outline, so no background colour (grey included) hides it.
 */
export function markOverlayHtml(mark: Required<Watermark> = PREVIEW_MARK): string {
  const word = escapeHtml(mark.text);
  const tile =
    `<svg xmlns="http://www.w3.org/2000/svg" width="560" height="360">` +
    `<text x="280" y="180" text-anchor="middle" dominant-baseline="central" ` +
    `transform="rotate(${mark.angle} 280 180)" font-family="Inter" font-weight="700" font-size="72" ` +
    `letter-spacing="6" fill="#fff" fill-opacity="${mark.opacity}" stroke="#000" stroke-opacity="${mark.opacity}" ` +
    `stroke-width="2">${word}</text></svg>`;
  const background = `background-image:url('data:image/svg+xml;base64,${btoa(tile)}');background-repeat:repeat`;
  return `<div aria-hidden="true" style="position:fixed;inset:0;pointer-events:none;${background}"></div>`;
}
