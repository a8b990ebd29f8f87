import { CodeRefusal } from "./code-refusal";

/** Millimetres in one of each absolute CSS unit (CSS Values 4: 1in = 25.4mm = 96px = 72pt = 6pc). */
const MM_PER_UNIT: Record<string, number> = { mm: 1, cm: 10, in: 25.4, px: 25.4 / 96, pt: 25.4 / 72, pc: 25.4 / 6 };

/** An absolute CSS length (a number with mm, cm, in, px, pt or pc) in millimetres, or NaN for anything else. */
export function absoluteLengthInMm(value: string): number {
  const match = /^(\d{1,5}(?:\.\d{1,4})?)(mm|cm|in|px|pt|pc)$/.exec(value.trim());
  return match ? Number(match[1]) * (MM_PER_UNIT[match[2] as string] as number) : Number.NaN;
}

/**
 * A filter's length argument in millimetres: a number with mm, cm, in, px, pt or pc. Relative units are refused: a
 * code's module size must be known when it is drawn, whatever the page around it.
 */
export function lengthInMm(value: unknown, filter: string, field: string): number {
  const mm = absoluteLengthInMm(String(value ?? ""));
  if (!(mm > 0))
    throw new CodeRefusal(
      filter,
      field,
      "length",
      `${field} must be a CSS length above 0 in mm, cm, in, px, pt or pc (such as 30mm), not ${JSON.stringify(value)}`,
    );
  return mm;
}

/** A length in CSS pixels, as both engines read a number with px (satori reads no other unit). */
export const mmToPx = (mm: number) => Math.round((mm * 96 * 1000) / 25.4) / 1000;
