// A code's drawing as one `<path>` of merged runs (docs/codes.md): bwip-js draws a linear code's bars as strokes, one
// `<path>` per bar width, and the human-readable text as filled outlines, one `<path>` a glyph. Each bar becomes the
// filled rectangle its stroke covers, exactly, and every run goes into one filled path of the code's colour.

const ELEMENT = /<path ([^>]*?)\s*\/>/g;
const ATTRIBUTE = /([a-z-]+)="([^"]*)"/g;
const SEGMENT = /M(-?[\d.]+) (-?[\d.]+)L(-?[\d.]+) (-?[\d.]+)/g;

const num = (value: number) => String(Number(value.toFixed(3)));

/** A stroked straight segment as the rectangle the stroke paints; null for a slanted one, which no code draws. */
function strokeAsRectangle(x1: number, y1: number, x2: number, y2: number, width: number): string | null {
  const half = width / 2;
  if (x1 === x2) {
    const [top, bottom] = y1 < y2 ? [y1, y2] : [y2, y1];
    return `M${num(x1 - half)} ${num(top)}H${num(x1 + half)}V${num(bottom)}H${num(x1 - half)}Z`;
  }
  if (y1 === y2) {
    const [left, right] = x1 < x2 ? [x1, x2] : [x2, x1];
    return `M${num(left)} ${num(y1 - half)}H${num(right)}V${num(y1 + half)}H${num(left)}Z`;
  }
  return null;
}

/** The runs of one `<path>` as filled subpaths; null when it holds something this cannot merge exactly. */
function runsOf(attributes: Map<string, string>): string | null {
  const d = attributes.get("d") ?? "";
  const width = attributes.get("stroke-width");
  if (width === undefined) return attributes.has("stroke") ? null : d;
  const rectangles: string[] = [];
  let covered = 0;
  for (const [whole, x1, y1, x2, y2] of d.matchAll(SEGMENT)) {
    const rectangle = strokeAsRectangle(Number(x1), Number(y1), Number(x2), Number(y2), Number(width));
    if (rectangle === null) return null;
    rectangles.push(rectangle);
    covered += whole.length;
  }
  return covered === d.length ? rectangles.join("") : null;
}

/** bwip-js's elements merged into one path of `color`; the body as drawn when any part cannot be merged exactly. */
export function mergedPath(body: string, color: string): string {
  const runs: string[] = [];
  for (const [, attributeText = ""] of body.matchAll(ELEMENT)) {
    const attributes = new Map(
      [...attributeText.matchAll(ATTRIBUTE)].map(([, name = "", value = ""]) => [name, value]),
    );
    const paint = attributes.get("stroke") ?? attributes.get("fill") ?? color;
    const merged = runsOf(attributes);
    if (merged === null || paint.toLowerCase() !== color.toLowerCase()) return body;
    runs.push(merged);
  }
  const elements = body.replace(ELEMENT, "").trim();
  if (elements !== "" || runs.length === 0) return body;
  return `<path d="${runs.join("")}" fill="${color}"/>`;
}
