// A preview's PREVIEW mark is drawn onto the output, never into the document (README, "Previews"): markup,
// comments or CSS in a template could hide a mark that is part of it, and a free preview would then be a free
// render. On a PDF it is the last thing on every page, after printing: text in Inter (embedded) inside an
// /Artifact marked-content sequence, so tagged and PDF/A previews stay valid. On a satori card it is the last
// element of the SVG Satori made, drawn by resvg over everything; on a Chromium PNG or JPG the backend lays it
// over the captured pixels (@folio/render-page capture.ts, markCapture).

import fontkit from "@cantoo/fontkit";
import { degrees, PDFDocument, PDFName, PDFOperator, rgb } from "@cantoo/pdf-lib";
import { BoundedCache } from "../lib/bounded-cache";
import { escapeHtml } from "../lib/escape-html";
import { INTER_FONTS } from "./inter-fonts";
import { layoutSatoriCard, satoriTree } from "./satori";
import { OVERLAY_INK, type Watermark, watermarkOverlay } from "./watermark";

export const PREVIEW_MARK: Required<Watermark> = { text: "PREVIEW", opacity: 0.35, angle: -35 };

const interBold = INTER_FONTS.find((font) => font.weight === 700);
if (!interBold) throw new Error("inter-fonts.ts holds no Inter Bold (700), which the preview mark is set in");
const INTER_BOLD = interBold.data;

/** A card's mark as SVG markup, per card size. */
const cardMarks = new BoundedCache<Promise<string>>(32);

/** The mark's size on a page or image: about a fifth of its shorter side, and never wider than its diagonal allows. */
function fontSize(width: number, height: number, textWidthAtOne: number): number {
  return Math.min(Math.min(width, height) * 0.2, (0.8 * Math.hypot(width, height)) / textWidthAtOne);
}

/** Draws the mark across every page of a printed PDF, last in each page's content. */
export async function markPdfPages(bytes: Uint8Array, mark: Required<Watermark> = PREVIEW_MARK): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(new Uint8Array(INTER_BOLD), { subset: true });
  // CSS turns clockwise for a positive angle, PDF counterclockwise: the same slant needs the opposite sign.
  const theta = (-mark.angle * Math.PI) / 180;
  for (const page of doc.getPages()) {
    const { width, height } = page.getSize();
    const size = fontSize(width, height, font.widthOfTextAtSize(mark.text, 1));
    const run = font.widthOfTextAtSize(mark.text, size);
    const rise = font.heightAtSize(size, { descender: false }) / 2;
    // The text's origin, placed so the middle of the run sits at the middle of the page.
    const x = width / 2 - (run / 2) * Math.cos(theta) + rise * Math.sin(theta);
    const y = height / 2 - (run / 2) * Math.sin(theta) - rise * Math.cos(theta);
    page.pushOperators(PDFOperator.of("BMC" as never, [PDFName.of("Artifact")]));
    page.drawText(mark.text, {
      x,
      y,
      size,
      font,
      color: rgb(...(OVERLAY_INK.map((channel) => channel / 255) as [number, number, number])),
      opacity: mark.opacity,
      rotate: degrees(-mark.angle),
    });
    page.pushOperators(PDFOperator.of("EMC" as never));
  }
  return doc.save();
}

/**
 * Closes a card's SVG with the mark, laid out by Satori itself on a transparent card of the same size (its text
 * becomes paths, so resvg needs no font): inserted before the root's end tag, the last thing Satori writes.
 */
export async function withMarkSvg(
  svg: string,
  width: number,
  height: number,
  mark: Required<Watermark> = PREVIEW_MARK,
): Promise<string> {
  // The mark depends on the card's size only: laid out once per size, not on every preview.
  const inner = await cardMarks.get(`${width}x${height}:${JSON.stringify(mark)}`, async () => {
    const overlay = await layoutSatoriCard(satoriTree(watermarkOverlay(mark)), width, height);
    return overlay.slice(overlay.indexOf(">") + 1, overlay.lastIndexOf("</svg>"));
  });
  const end = svg.lastIndexOf("</svg>");
  return `${svg.slice(0, end)}${inner}${svg.slice(end)}`;
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
