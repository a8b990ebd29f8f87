// Chromium names each element of a tagged PDF's structure `node<8 digits>` after the DOM node it came from, and
// those numbers run on across every document a browser process has loaded: the same document printed after another
// gets other names (docs/rendering.md#deterministic-output). Renumbered here from 1, in their own order, in place.

const OPEN = Array.from("(node", (c) => c.charCodeAt(0));
const DIGIT_0 = 0x30;
const CLOSE = 0x29;

/** Where each `(node<digits>)` literal starts its digits, with the digits' count. */
function idLiterals(bytes: Uint8Array): Array<{ at: number; width: number; value: number }> {
  const found: Array<{ at: number; width: number; value: number }> = [];
  let from = 0;
  for (;;) {
    const start = bytes.indexOf(OPEN[0] as number, from);
    if (start < 0) return found;
    from = start + 1;
    if (!OPEN.every((code, i) => bytes[start + i] === code)) continue;
    let end = start + OPEN.length;
    let value = 0;
    while (end < bytes.length && (bytes[end] as number) >= DIGIT_0 && (bytes[end] as number) <= DIGIT_0 + 9) {
      value = value * 10 + ((bytes[end] as number) - DIGIT_0);
      end++;
    }
    const width = end - start - OPEN.length;
    if (width > 0 && width <= 12 && bytes[end] === CLOSE) found.push({ at: start + OPEN.length, width, value });
  }
}

/**
 * The structure elements' ids numbered 1, 2, … in the order Chromium numbered them (so the ID tree stays sorted),
 * each written in the width it had: no byte moves, and the cross-reference table stays true. The bytes are
 * returned as they are when they hold no such id (an untagged PDF).
 */
export function renumberStructureIds(bytes: Uint8Array): Uint8Array {
  const literals = idLiterals(bytes);
  if (literals.length === 0) return bytes;
  const order = [...new Set(literals.map((literal) => literal.value))].sort((a, b) => a - b);
  const renamed = new Map(order.map((value, i) => [value, i + 1]));
  const digitsOf = (literal: { width: number; value: number }) =>
    String(renamed.get(literal.value)).padStart(literal.width, "0");
  // Chromium pads every id to one width, which a count of ids never outgrows; ids of another shape stay as they are.
  if (literals.some((literal) => digitsOf(literal).length > literal.width)) return bytes;
  const out = bytes.slice();
  for (const literal of literals) {
    const digits = digitsOf(literal);
    for (let i = 0; i < literal.width; i++) out[literal.at + i] = digits.charCodeAt(i);
  }
  return out;
}
