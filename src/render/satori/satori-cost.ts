// What a satori card costs resvg to draw, counted before it draws (docs/limits.md#what-a-card-may-draw). resvg draws
// each shadow, blur and filter into a region of its own, in full, however little of it shows on the card, at about a
// microsecond a pixel on the bench machine; and Satori grows a shadow's region by the square of its blur (a 100px blur
// around a 200px box is a 5,200 x 5,200 region: 13 s). So a card's regions are summed from its styles and laid-out
// boxes, and its SVG drawings counted with their references followed, against ceilings set like the element counts:
// a card exactly at one costs under 250 ms of CPU (satori-budget.ts).
import { filterFunctions, gradients, type LengthContext, lengthInPixels, shadows } from "./css-effects";
import { dataUris, imagePixels, svgMarkup } from "./image-size";
import type { SatoriNode } from "./satori-assets";
import {
  CardBudgetExceeded,
  MAX_BLUR_AREA,
  MAX_CARD_PIXELS,
  MAX_FILTER_AREA,
  MAX_GRADIENT_AREA,
  MAX_PATH_SEGMENTS,
  MAX_SVG_ELEMENTS,
} from "./satori-budget";
import { drawingCost, svgTree } from "./svg-cost";

/** Carries an element's number through Satori's layout, so its laid-out box can be found again. */
const NODE_ATTRIBUTE = "data-folio-node";

/** Satori's own font sizes of headings, relative to their parent's. */
const HEADING_SIZES: Record<string, number> = { h1: 2, h2: 1.5, h3: 1.17 };

/**
 * A `filter` function's work per pixel of its region, relative to a shadow's: resvg blurs an element's own pixels
 * about four times as slowly as Satori's shadows (blur(4px) over 500 x 500 pixels: 180 ms).
 */
const FILTER_WEIGHT: Record<string, number> = { blur: 4, "drop-shadow": 4 };

/** An element of the card with what its effects are measured against. */
interface CardElement {
  node: SatoriNode;
  fontSize: number;
  /** The text-shadow in effect: its own, or the one it inherits. */
  textShadow: string;
  texts: number;
}

/** A laid-out element's box, in CSS pixels. */
export interface Box {
  width: number;
  height: number;
}

/** The card's size and its device_scale_factor: what lengths are measured against and what pixels are counted in. */
export interface Raster {
  width: number;
  height: number;
  scale: number;
}

function childrenOf(node: SatoriNode): Array<SatoriNode | string> {
  const { children } = node.props;
  return (Array.isArray(children) ? children : [children]).filter((child) => !!child) as Array<SatoriNode | string>;
}

function styleOf(node: SatoriNode, name: string): string | undefined {
  const value = node.props.style?.[name];
  return value === undefined || value === null ? undefined : String(value);
}

/**
 * Every element of `tree` outside an <svg>, in document order, numbered in place so its box can be found after layout.
 */
export function cardElements(tree: SatoriNode, raster: Raster): CardElement[] {
  const elements: CardElement[] = [];
  const visit = (node: SatoriNode, parentFont: number, parentShadow: string): void => {
    const own = styleOf(node, "fontSize");
    const context = { fontSize: parentFont, width: raster.width, height: raster.height };
    const fontSize = own?.trim().endsWith("%")
      ? (parentFont * Number.parseFloat(own)) / 100
      : ((own === undefined ? null : lengthInPixels(own, context)) ?? parentFont * (HEADING_SIZES[node.type] ?? 1));
    const textShadow = styleOf(node, "textShadow") ?? parentShadow;
    const children = childrenOf(node);
    node.props[NODE_ATTRIBUTE] = String(elements.length);
    elements.push({ node, fontSize, textShadow, texts: children.filter((child) => typeof child === "string").length });
    if (node.type === "svg") return;
    for (const child of children) if (typeof child !== "string") visit(child, fontSize, textShadow);
  };
  visit(tree, 16, "none");
  return elements;
}

/** Records each laid-out element's box by its number: give it to Satori as `onNodeDetected`. */
export function boxRecorder(boxes: Map<number, Box>): (node: { width: number; height: number; props: object }) => void {
  return ({ width, height, props }) => {
    const number = (props as Record<string, unknown>)[NODE_ATTRIBUTE];
    if (typeof number === "string") boxes.set(Number(number), { width, height });
  };
}

/** The CSS pixels of the regions an element's shadows, blurs and filters are drawn into, its box being `box`. */
function blurArea(element: CardElement, { width: w, height: h }: Box, context: LengthContext): number {
  const region = (grow: number, dx: number, dy: number) =>
    (w + 2 * grow + Math.abs(dx)) * (h + 2 * grow + Math.abs(dy));
  let area = 0;
  for (const shadow of shadows(styleOf(element.node, "boxShadow") ?? "none", context))
    area += region(shadow.blur ** 2 / 4 + Math.max(0, shadow.spread), 0, 0);
  // Satori draws each text's shadow into 1.1 times its region, once per text.
  for (const shadow of shadows(element.texts ? element.textShadow : "none", context))
    area += 1.21 * element.texts * region(shadow.blur ** 2 / 4, shadow.dx, shadow.dy);
  for (const name of ["filter", "backdropFilter", "WebkitBackdropFilter"])
    for (const effect of filterFunctions(styleOf(element.node, name) ?? "none", context))
      area +=
        (name === "filter" ? (FILTER_WEIGHT[effect.name] ?? 1) : 1) * region(3 * effect.blur, effect.dx, effect.dy);
  return area;
}

/**
 * The pixels of an element's gradients, each weighed by its work per pixel: resvg shades a radial gradient at about
 * twice a linear one's cost, and each hundred stops add as much again (2,000 stops over a card: 0.7 s).
 */
function gradientArea(element: CardElement, { width, height }: Box): number {
  const layers = ["background", "backgroundImage", "maskImage", "WebkitMaskImage"].flatMap((name) =>
    gradients(styleOf(element.node, name) ?? ""),
  );
  return layers.reduce((sum, { radial, stops }) => sum + width * height * (radial ? 2 : 1) * (1 + stops / 100), 0);
}

/** The data: URIs an element shows: its own (`src`) and its style's (`background-image`, `mask-image`...). */
function imageUris(node: SatoriNode): string[] {
  return [node.props.src, ...Object.values(node.props.style ?? {})]
    .filter((value): value is string => typeof value === "string")
    .flatMap(dataUris);
}

/** The SVG drawings an element shows: itself when it is an <svg>, and each of its images that is SVG. */
function drawingsOf(node: SatoriNode): SatoriNode[] {
  const images = imageUris(node)
    .map(svgMarkup)
    .filter((markup): markup is string => markup !== null)
    .map((markup) => svgTree(markup, MAX_SVG_ELEMENTS));
  return node.type === "svg" ? [node, ...images] : images;
}

function refuse(what: string, details: ConstructorParameters<typeof CardBudgetExceeded>[1]): never {
  throw new CardBudgetExceeded(what, details);
}

/**
 * Throws CardBudgetExceeded when the card would cost resvg more than a card may: its blurred regions, the SVG elements
 * it draws, or its SVG filters' regions. Boxes missing from `boxes` count as empty, so that before layout (the source
 * as written) this checks what the card costs at the least.
 */
export function measureDrawing(elements: CardElement[], boxes: Map<number, Box>, raster: Raster): void {
  const pixels = raster.scale ** 2;
  // resvg draws an SVG into a raster of its own box, however much of it the card shows.
  let rasterised = raster.width * raster.height * pixels;
  let blurred = 0;
  let drawn = 0;
  let filtered = 0;
  let pathWork = 0;
  let shaded = 0;
  elements.forEach((element, number) => {
    const box = boxes.get(number) ?? { width: 0, height: 0 };
    const context = { fontSize: element.fontSize, width: raster.width, height: raster.height };
    blurred += blurArea(element, box, context) * pixels;
    shaded += gradientArea(element, box) * pixels;
    rasterised += imageUris(element.node).reduce((sum, uri) => sum + imagePixels(uri), 0) * pixels;
    for (const drawing of drawingsOf(element.node)) {
      const cost = drawingCost(drawing);
      rasterised += (box.width * box.height + cost.imagePixels) * pixels;
      drawn += cost.elements;
      pathWork += cost.pathWork;
      // However far a filter's region reaches (x="-10000%"), resvg bounds it by the drawing's own box.
      filtered += cost.filterWeight * box.width * box.height * pixels;
    }
  });
  const n = (value: number) => value.toLocaleString("en-US");
  if (rasterised > MAX_CARD_PIXELS)
    refuse(`it, its images and its SVG drawings are drawn over more than ${n(MAX_CARD_PIXELS)} pixels`, {
      max_pixels: MAX_CARD_PIXELS,
    });
  if (blurred > MAX_BLUR_AREA)
    refuse(`its shadows, blurs and filters are drawn over more than ${n(MAX_BLUR_AREA)} pixels`, {
      max_blur_area: MAX_BLUR_AREA,
    });
  if (shaded > MAX_GRADIENT_AREA)
    refuse(`its gradients are shaded over more than ${n(MAX_GRADIENT_AREA)} pixels`, {
      max_gradient_area: MAX_GRADIENT_AREA,
    });
  if (drawn > MAX_SVG_ELEMENTS)
    refuse(`its SVG draws more than ${n(MAX_SVG_ELEMENTS)} elements, each <use> and pattern counted as drawn`, {
      max_svg_elements: MAX_SVG_ELEMENTS,
    });
  if (pathWork > MAX_PATH_SEGMENTS ** 2)
    refuse(`its SVG shapes have more than ${n(MAX_PATH_SEGMENTS)} segments (the square root of their squares summed)`, {
      max_path_segments: MAX_PATH_SEGMENTS,
    });
  if (filtered > MAX_FILTER_AREA)
    refuse(`its SVG filters work over more than ${n(MAX_FILTER_AREA)} pixels`, { max_filter_area: MAX_FILTER_AREA });
}
