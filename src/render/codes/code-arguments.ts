import { CodeRefusal } from "./code-refusal";

/**
 * A filter's keyword arguments (`size: "40mm"`; liquidjs hands each over as a [name, value] pair), checked against
 * the names the filter takes: an unknown one is refused, never ignored (docs/codes.md).
 */
export function keywordArguments(filter: string, args: unknown[], allowed: readonly string[]): Map<string, unknown> {
  const named = new Map<string, unknown>();
  for (const arg of args) {
    const [name, value] = Array.isArray(arg) && arg.length === 2 && typeof arg[0] === "string" ? arg : [];
    if (name === undefined || !allowed.includes(name))
      throw new CodeRefusal(
        filter,
        String(name ?? "arguments"),
        "argument",
        `takes the keyword arguments ${allowed.join(", ")} (such as size: "30mm"), not ${JSON.stringify(arg)}`,
      );
    named.set(name, value);
  }
  return named;
}

/** A colour as #rrggbb: the two forms of hex colour CSS and SVG agree on. */
export function hexColor(filter: string, field: string, value: unknown, fallback: string): string {
  if (value === undefined || value === null) return fallback;
  const text = String(value).trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(text)) return text;
  if (/^#[0-9a-f]{3}$/.test(text)) return `#${[...text.slice(1)].map((c) => c + c).join("")}`;
  throw new CodeRefusal(
    filter,
    field,
    "color",
    `${field} must be a hex colour such as #1a2b3c, not ${JSON.stringify(value)}`,
  );
}

/** A whole number within bounds, or the fallback when not given. */
export function wholeNumber(filter: string, field: string, value: unknown, range: [number, number], fallback: number) {
  if (value === undefined || value === null) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < range[0] || n > range[1])
    throw new CodeRefusal(filter, field, "range", `${field} must be a whole number from ${range[0]} to ${range[1]}`);
  return n;
}

/** The text a code encodes: a string or number; nil or empty is refused (rule `empty`). */
export function codeText(filter: string, value: unknown): string {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value : "";
  if (text === "")
    throw new CodeRefusal(
      filter,
      "text",
      "empty",
      value === undefined || value === null || value === ""
        ? "the text is empty: there is nothing to encode"
        : `encodes text or a number, not ${Array.isArray(value) ? "a list" : typeof value}`,
    );
  return text;
}

/** What the `aria-label` of a text code says: the text, cut at 200 characters (docs/codes.md#accessibility). */
export const textLabel = (text: string) => ([...text].length > 200 ? `${[...text].slice(0, 200).join("")}…` : text);
