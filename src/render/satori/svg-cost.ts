// What resvg draws for an SVG in a card (an inline <svg>, or an image that is SVG), counted before it draws
// (docs/limits.md#what-a-card-may-draw). Markup names work that it does not spell out: a <use> draws its target again
// (57 elements of nested <use>s drew 100,000 rectangles and held the Worker 20 minutes), a shape filled with a
// <pattern> or masked draws that element's content again, a marker-mid draws its marker at every vertex, and a filter
// primitive works over every pixel of its region, some of them many times per pixel (feMorphology's radius), and a
// shape fills in time growing with the square of its segments (a path of 20,000 took 6.5 s, of 3,500 0.15 s).
import { scanMarkup } from "../../lib/markup-scan";
import { imagePixels } from "./image-size";
import type { SatoriNode } from "./satori-assets";

/** What an SVG costs to draw: the elements drawn, and the filter primitives applied, each weighed by its work. */
export interface DrawingCost {
  elements: number;
  /** Filter primitive applications, each weighed by its work per pixel (a Gaussian blur weighs 1). */
  filterWeight: number;
  /** Pixels of the raster images it draws, each decoded whole. */
  imagePixels: number;
  /** The squares of its shapes' segment counts, summed: a shape fills in time growing with its segments squared. */
  pathWork: number;
}

const REFERENCE = /url\(\s*["']?#([^"')\s]+)/g;
const HREFS = ["href", "xlink:href", "xlinkHref"];

function childrenOf(node: SatoriNode): SatoriNode[] {
  const { children } = node.props;
  return (Array.isArray(children) ? children : [children]).filter(
    (child): child is SatoriNode => !!child && typeof child !== "string",
  );
}

function attribute(node: SatoriNode, ...names: string[]): string {
  for (const name of names) {
    const value = node.props[name] ?? node.props.style?.[name];
    if (value !== undefined && value !== null) return String(value);
  }
  return "";
}

function numbers(value: string): number[] {
  return (value.match(/[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?/gi) ?? []).map(Number);
}

/** Work per pixel of a filter primitive, relative to a Gaussian blur's, from its measured cost on the bench machine. */
function primitiveWeight(primitive: SatoriNode): number {
  const type = primitive.type.toLowerCase();
  if (type === "femorphology") {
    const [rx = 0, ry = rx] = numbers(attribute(primitive, "radius")).map(Math.abs);
    return 1 + (rx * ry) / 4;
  }
  if (type === "feturbulence") return 4 + (numbers(attribute(primitive, "numOctaves", "numoctaves"))[0] ?? 1) / 2;
  if (type === "feconvolvematrix") {
    const [x = 3, y = x] = numbers(attribute(primitive, "order"));
    return 1 + (Math.abs(x) * Math.abs(y)) / 9;
  }
  return 1;
}

/** Each element referenced from `node` (href, url(#id) in an attribute or its style), with how many times it draws. */
function* references(node: SatoriNode): Generator<[string, number]> {
  for (const name of HREFS) {
    const href = node.props[name];
    if (typeof href === "string" && href.trim().startsWith("#")) yield [href.trim().slice(1), 1];
  }
  const values = [...Object.entries(node.props), ...Object.entries(node.props.style ?? {})];
  // A marker-mid is drawn at every vertex of the shape: about one per pair of its coordinates.
  const vertices = Math.max(1, numbers(attribute(node, "d", "points")).length / 2);
  for (const [name, value] of values) {
    if (name === "children" || typeof value !== "string") continue;
    const times = /^marker-?mid$/i.test(name) ? vertices : 1;
    for (const match of value.matchAll(REFERENCE)) yield [match[1] ?? "", times];
  }
}

/** Deeper chains of elements and references than this are refused uncounted: counting them would recurse as deep. */
const MAX_DRAWING_DEPTH = 256;
const TOO_DEEP: DrawingCost = {
  elements: Number.POSITIVE_INFINITY,
  filterWeight: Number.POSITIVE_INFINITY,
  imagePixels: Number.POSITIVE_INFINITY,
  pathWork: Number.POSITIVE_INFINITY,
};

/** Counts an SVG's drawing with every reference followed, each element once per time it is drawn. */
export function drawingCost(root: SatoriNode): DrawingCost {
  const byId = new Map<string, SatoriNode>();
  const collect = (node: SatoriNode, depth: number): void => {
    const id = node.props.id;
    if (typeof id === "string" && !byId.has(id)) byId.set(id, node);
    if (depth < MAX_DRAWING_DEPTH) for (const child of childrenOf(node)) collect(child, depth + 1);
  };
  collect(root, 0);
  const known = new Map<SatoriNode, DrawingCost>();
  const drawing = new Set<SatoriNode>();
  const cost = (node: SatoriNode): DrawingCost => {
    const seen = known.get(node);
    if (seen) return seen;
    // A reference back into what is being drawn is one resvg leaves out.
    if (drawing.has(node)) return { elements: 0, filterWeight: 0, imagePixels: 0, pathWork: 0 };
    if (drawing.size >= MAX_DRAWING_DEPTH) return TOO_DEEP;
    drawing.add(node);
    const total: DrawingCost = {
      elements: 1,
      filterWeight: node.type.toLowerCase().startsWith("fe") ? primitiveWeight(node) : 0,
      imagePixels: HREFS.reduce((sum, name) => sum + imagePixels(String(node.props[name] ?? "")), 0),
      pathWork: (numbers(attribute(node, "d", "points")).length / 2) ** 2,
    };
    // A <filter>'s primitives work where an element refers to it, not where it is defined.
    for (const child of childrenOf(node)) add(total, cost(child), 1, child.type.toLowerCase() !== "filter");
    for (const [id, times] of references(node)) {
      const target = byId.get(id);
      if (target) add(total, cost(target), times);
    }
    drawing.delete(node);
    known.set(node, total);
    return total;
  };
  return cost(root);
}

function add(total: DrawingCost, part: DrawingCost, times: number, withFilters = true): void {
  total.elements += part.elements * times;
  total.imagePixels += part.imagePixels * times;
  total.pathWork += part.pathWork * times;
  if (withFilters) total.filterWeight += part.filterWeight * times;
}

const ATTRIBUTE = /([^\s=/]+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

/**
 * An SVG document's elements as a tree, read in one linear scan (lib/markup-scan.ts): enough of it to count its
 * drawing. Stops reading past `maxElements`, which is already too many to draw.
 */
export function svgTree(markup: string, maxElements: number): SatoriNode {
  const root: SatoriNode = { type: "#document", props: { children: [] } };
  const open: SatoriNode[] = [root];
  let elements = 0;
  for (const event of scanMarkup(markup)) {
    if (event.kind === "close") {
      const at = open.findLastIndex((node, index) => index > 0 && node.type === event.name);
      if (at > 0) open.length = at;
    }
    if (event.kind !== "open") continue;
    if (++elements > maxElements) break;
    const props: SatoriNode["props"] = { children: [] };
    for (const match of event.attributes.matchAll(ATTRIBUTE))
      props[match[1] ?? ""] = match[2] ?? match[3] ?? match[4] ?? "";
    const node: SatoriNode = { type: event.name, props };
    // The document stays at the bottom of `open`: there is always a parent.
    ((open.at(-1) ?? root).props.children as SatoriNode[]).push(node);
    if (!event.selfClosing) open.push(node);
  }
  return root;
}
