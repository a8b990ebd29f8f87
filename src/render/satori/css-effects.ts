// The shadows, blurs and filters of a satori card's styles, read as Satori reads them, so that the region resvg draws
// each into can be counted before it draws (docs/limits.md#what-a-card-may-draw). A value is split at its top level
// only (a colour's `rgba(0, 0, 0, .5)` is one token), in one pass over it.

/** What a length is measured against: the element's font size and the card, in CSS pixels. */
export interface LengthContext {
  fontSize: number;
  width: number;
  height: number;
}

const ABSOLUTE: Record<string, number> = {
  "": 1,
  px: 1,
  pt: 4 / 3,
  pc: 16,
  in: 96,
  cm: 96 / 2.54,
  mm: 96 / 25.4,
  q: 96 / 101.6,
};
const LENGTH = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)([a-z%]*)$/i;

/** A length in CSS pixels, or null when the token is not a length (a colour, `inset`, a keyword). */
export function lengthInPixels(token: string, context: LengthContext): number | null {
  const match = LENGTH.exec(token.trim());
  if (!match) return null;
  const value = Number(match[1]);
  const unit = (match[2] ?? "").toLowerCase();
  const absolute = ABSOLUTE[unit];
  if (absolute !== undefined) return value * absolute;
  const { fontSize, width, height } = context;
  const relative: Record<string, number> = {
    em: fontSize,
    rem: 16,
    vw: width / 100,
    vh: height / 100,
    vmin: Math.min(width, height) / 100,
    vmax: Math.max(width, height) / 100,
    // Not a length a shadow takes; counted against the card's longer side so it is never under-counted.
    "%": Math.max(width, height) / 100,
  };
  return unit in relative ? value * (relative[unit] ?? 0) : null;
}

/** `value` split at `separator` (a comma, or any white space) outside parentheses. */
export function splitTopLevel(value: string, separator: "," | " "): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charAt(i);
    if (c === "(") depth++;
    else if (c === ")") depth = Math.max(0, depth - 1);
    else if (depth === 0 && (separator === "," ? c === "," : /\s/.test(c))) {
      parts.push(value.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(value.slice(start));
  return parts.map((part) => part.trim()).filter(Boolean);
}

/** One shadow: its offsets, blur radius and spread, in CSS pixels (absent lengths are 0). */
export interface Shadow {
  dx: number;
  dy: number;
  blur: number;
  spread: number;
}

/**
 * `var(--name, fallback)` as Satori reads it in a card: its fallback's words, since a card's style cannot declare a
 * custom property (satori-html reads `--name` as another property); any other word as it is.
 */
function withoutVariables(word: string): string[] {
  if (!/^var\(/i.test(word)) return [word];
  const [, ...fallback] = splitTopLevel(word.slice(4, word.lastIndexOf(")")), ",");
  return splitTopLevel(fallback.join(","), " ").flatMap(withoutVariables);
}

/** The lengths of a list of words, in order, leaving out what is not a length (colours, `inset`). */
function lengths(words: string[], context: LengthContext): number[] {
  return words
    .flatMap(withoutVariables)
    .map((word) => lengthInPixels(word, context))
    .filter((length): length is number => length !== null);
}

/** The shadows of a `box-shadow` or `text-shadow` value (`none` has none). */
export function shadows(value: string, context: LengthContext): Shadow[] {
  if (value.trim().toLowerCase() === "none") return [];
  return splitTopLevel(value, ",").map((shadow) => {
    const [dx = 0, dy = 0, blur = 0, spread = 0] = lengths(splitTopLevel(shadow, " "), context);
    return { dx, dy, blur: Math.abs(blur), spread };
  });
}

/** One function of a `filter` or `backdrop-filter` value: how far it reaches past the element, and its offsets. */
export interface FilterFunction {
  name: string;
  blur: number;
  dx: number;
  dy: number;
}

/** The functions of a `filter` or `backdrop-filter` value, e.g. `blur(4px) drop-shadow(0 2px 8px black)`. */
export function filterFunctions(value: string, context: LengthContext): FilterFunction[] {
  if (value.trim().toLowerCase() === "none") return [];
  return splitTopLevel(value, " ").map((call) => {
    const open = call.indexOf("(");
    const name = (open < 0 ? call : call.slice(0, open)).toLowerCase();
    const args = lengths(splitTopLevel(open < 0 ? "" : call.slice(open + 1, call.lastIndexOf(")")), " "), context);
    if (name === "blur") return { name, blur: Math.abs(args[0] ?? 0), dx: 0, dy: 0 };
    if (name === "drop-shadow") return { name, dx: args[0] ?? 0, dy: args[1] ?? 0, blur: Math.abs(args[2] ?? 0) };
    return { name, blur: 0, dx: 0, dy: 0 };
  });
}

/** One gradient of a background: whether it is radial, and how many colour stops it has. */
export interface Gradient {
  radial: boolean;
  stops: number;
}

/** The gradients of a `background` or `background-image` value, each layer's. */
export function gradients(value: string): Gradient[] {
  return splitTopLevel(value, ",").flatMap((layer) =>
    splitTopLevel(layer, " ")
      .filter((word) => /^(?:repeating-)?(?:linear|radial|conic)-gradient\(/i.test(word))
      .map((word) => ({
        radial: !/^(?:repeating-)?linear/i.test(word),
        stops: splitTopLevel(word.slice(word.indexOf("(") + 1, word.lastIndexOf(")")), ",").length,
      })),
  );
}
