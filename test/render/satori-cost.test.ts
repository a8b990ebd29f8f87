import { describe, expect, it } from "vitest";
import { shadows } from "../../src/render/satori/css-effects";
import { imagePixels } from "../../src/render/satori/image-size";
import { satoriTree } from "../../src/render/satori/satori";
import { CardBudgetExceeded } from "../../src/render/satori/satori-budget";
import { type Box, cardElements, measureDrawing } from "../../src/render/satori/satori-cost";
import { drawingCost, svgTree } from "../../src/render/satori/svg-cost";

const CARD = { width: 1200, height: 630, scale: 1 };

/**
 * What measureDrawing refuses `markup` for, its elements laid out in `boxes`, in document order (after the root
 * satori-html wraps every card in, laid out as the card).
 */
function refusal(markup: string, boxes: Box[] = [], raster = CARD): object | null {
  const elements = cardElements(satoriTree(markup), raster);
  try {
    measureDrawing(elements, new Map([CARD, ...boxes].map((box, number) => [number, box])), raster);
    return null;
  } catch (error) {
    if (!(error instanceof CardBudgetExceeded)) throw error;
    return error.details;
  }
}

/** Eleven large blurs in one box-shadow (462 characters), like the probe's. */
const PROBE_SHADOW = Array.from({ length: 11 }, (_, i) => `${i}px ${i}px 1000px 1000px rgba(0, 0, 0, 0.5)`).join(", ");

/** Five levels of ten <use>s of the level below: 57 elements that draw 100,000 rectangles. */
function nestedUses(levels: number): string {
  let defs = `<rect id="u0" width="1" height="1"/>`;
  for (let level = 1; level <= levels; level++)
    defs += `<g id="u${level}">${Array.from({ length: 10 }, (_, x) => `<use href="#u${level - 1}" x="${x}"/>`).join("")}</g>`;
  return `<svg style="display:flex" width="100" height="100"><defs>${defs}</defs><use href="#u${levels}"/></svg>`;
}

describe("what a satori card costs resvg, counted before it draws", () => {
  it("reads shadows as Satori does: lengths in order, colours and var() fallbacks understood", () => {
    const context = { fontSize: 20, width: 1200, height: 630 };
    expect(shadows("inset 1px 2px 3px 4px rgba(0, 0, 0, .5), 0 0 var(--blur, 2em) red", context)).toEqual([
      { dx: 1, dy: 2, blur: 3, spread: 4 },
      { dx: 0, dy: 0, blur: 40, spread: 0 },
    ]);
    expect(shadows("none", context)).toEqual([]);
  });

  it("refuses the probe's blurs on five elements from the markup alone, whatever their boxes", () => {
    const card = `<div style="display:flex">${`<div style="display:flex;box-shadow:${PROBE_SHADOW}"></div>`.repeat(5)}</div>`;
    expect(refusal(card)).toEqual({ max_blur_area: 500_000 });
    // One text's shadow blurred as much, and a backdrop and a filter blurred far.
    expect(refusal(`<div style="display:flex;text-shadow:0 0 600px red">title</div>`)).toEqual({
      max_blur_area: 500_000,
    });
    expect(refusal(`<div style="display:flex;backdrop-filter:blur(200px)"></div>`)).toEqual({ max_blur_area: 500_000 });
  });

  it("counts a region from its laid-out box: accepted exactly at the ceiling, refused past it, times the scale", () => {
    const card = `<div style="display:flex"><div style="display:flex;box-shadow:0 0 4px black"></div></div>`;
    // 4px of blur grows the region 4 pixels a side: 696 + 8 = 704, 704 x 704 = 495,616 pixels.
    expect(refusal(card, [CARD, { width: 696, height: 696 }])).toBeNull();
    expect(refusal(card, [CARD, { width: 700, height: 700 }])).toEqual({ max_blur_area: 500_000 });
    expect(refusal(card, [CARD, { width: 400, height: 400 }], { ...CARD, scale: 2 })).toEqual({
      max_blur_area: 500_000,
    });
  });

  it("counts each <use> as the elements it draws, nested ones multiplied, and refuses the probe's drawing", () => {
    expect(drawingCost(svgTree(nestedUses(2), 10_000)).elements).toBeLessThan(500);
    expect(refusal(`<div style="display:flex">${nestedUses(2)}</div>`)).toBeNull();
    expect(refusal(`<div style="display:flex">${nestedUses(5)}</div>`)).toEqual({ max_svg_elements: 10_000 });
    // The same drawing as an image of the card, and a <use> of itself, which resvg leaves out.
    const image = `data:image/svg+xml;base64,${btoa(nestedUses(5))}`;
    expect(
      refusal(`<div style="display:flex"><img style="display:flex" src="${image}" width="9" height="9"></div>`),
    ).toEqual({
      max_svg_elements: 10_000,
    });
    expect(drawingCost(svgTree(`<svg><g id="a"><use href="#a"/></g></svg>`, 10_000)).elements).toBe(4);
    // And as a CSS background of the card, in its utf8 form.
    const background = `data:image/svg+xml;utf8,${encodeURIComponent(nestedUses(5))}`;
    expect(refusal(`<div style="display:flex;background-image:url('${background}')"></div>`)).toEqual({
      max_svg_elements: 10_000,
    });
  });

  it("weighs an SVG filter by its primitives over the drawing's box, and the drawing's box against the card's pixels", () => {
    const filtered = (primitive: string) =>
      `<div style="display:flex"><svg style="display:flex" width="200" height="200"><filter id="f">${primitive}</filter>` +
      `<rect width="9" height="9" filter="url(#f)"/></svg></div>`;
    const boxes = [CARD, { width: 200, height: 200 }];
    expect(refusal(filtered(`<feGaussianBlur stdDeviation="2"/>`), boxes)).toBeNull();
    expect(refusal(filtered(`<feMorphology radius="20"/>`), boxes)).toEqual({ max_filter_area: 60_000 });
    expect(refusal(filtered(`<feGaussianBlur stdDeviation="2"/>`), [CARD, { width: 6000, height: 6000 }])).toEqual({
      max_pixels: 6_000_000,
    });
  });

  it("counts each raster image at the size it is decoded, not shown: an <img>, a CSS background and an SVG <image>", () => {
    // A PNG's header is enough: 8,000 x 8,000 pixels, 250 KB of them held the Worker 40 s shown at 100 x 100.
    const header = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 31, 64, 0, 0, 31, 64,
    ]);
    const png = `data:image/png;base64,${btoa(String.fromCharCode(...header))}`;
    expect(imagePixels(png)).toBe(64_000_000);
    const refused = { max_pixels: 6_000_000 };
    expect(
      refusal(`<div style="display:flex"><img style="display:flex" src="${png}" width="10" height="10"></div>`),
    ).toEqual(refused);
    expect(refusal(`<div style="display:flex;background-image:url('${png}')"></div>`)).toEqual(refused);
    expect(refusal(`<div style="display:flex"><svg style="display:flex"><image href="${png}"/></svg></div>`)).toEqual(
      refused,
    );
  });

  it("weighs a shape by its segments squared: one of 3,500 passes, two of them or one of 20,000 do not", () => {
    const zigzag = (segments: number) =>
      `<path d="M0 0 ${Array.from({ length: segments }, (_, i) => `L${(i * 7) % 400} ${(i * 13) % 400}`).join(" ")}"/>`;
    const card = (shapes: string) => `<div style="display:flex"><svg style="display:flex">${shapes}</svg></div>`;
    expect(refusal(card(zigzag(3_499)))).toBeNull();
    expect(refusal(card(zigzag(3_499).repeat(2)))).toEqual({ max_path_segments: 3_500 });
    expect(refusal(card(zigzag(20_000)))).toEqual({ max_path_segments: 3_500 });
  });

  it("weighs a gradient by its pixels, its kind and its stops", () => {
    const card = (gradient: string) => `<div style="display:flex;background-image:${gradient}"></div>`;
    const linear = "linear-gradient(90deg, red, rgba(0, 0, 255, .5))";
    expect(refusal(card(linear), [CARD])).toBeNull();
    expect(refusal(card(linear), [CARD], { ...CARD, scale: 2 })).toEqual({ max_gradient_area: 2_000_000 });
    expect(refusal(card(`radial-gradient(${"red, blue, ".repeat(50)}red)`), [CARD])).toEqual({
      max_gradient_area: 2_000_000,
    });
  });

  it("passes a card that draws plainly", () => {
    const card =
      `<div style="display:flex;box-shadow:0 4px 12px rgba(0,0,0,.3);text-shadow:0 1px 2px black">` +
      `<span style="display:flex;filter:grayscale(1)">title</span>${nestedUses(1)}</div>`;
    expect(
      refusal(card, [
        { width: 400, height: 200 },
        { width: 200, height: 40 },
        { width: 100, height: 100 },
      ]),
    ).toBeNull();
  });
});
