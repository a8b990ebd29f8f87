import { codeText, hexColor, keywordArguments, textLabel, wholeNumber } from "./code-arguments";
import { CodeRefusal } from "./code-refusal";
import { lengthInMm } from "./css-length";
import type { QrErrorCorrection } from "./qr-drawing";
import { symbolSvg } from "./symbol-svg";

/** The most bytes (UTF-8) a `qr_code` encodes, announced in /docs#limits (docs/limits.md#codes). */
export const MAX_QR_BYTES = 1_200;

/** Refuses a code's text past MAX_QR_BYTES in UTF-8 (rule `too_long`, `details.max_bytes`). */
export function withinBytes(filter: string, what: string, text: string): void {
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_QR_BYTES)
    throw new CodeRefusal(
      filter,
      "text",
      "too_long",
      `${what} is ${bytes} bytes; a code here holds at most ${MAX_QR_BYTES}`,
      {
        max_bytes: MAX_QR_BYTES,
      },
    );
}

const ERROR_CORRECTION: readonly string[] = ["L", "M", "Q", "H"] satisfies QrErrorCorrection[];

/** `{{ text | qr_code: size: "30mm", ecc: "M", quiet_zone: 4, color: "#000000", background: "#ffffff" }}`. */
export function qrCode(value: unknown, args: unknown[]): string {
  const filter = "qr_code";
  const text = codeText(filter, value);
  withinBytes(filter, "the text", text);
  const named = keywordArguments(filter, args, ["size", "ecc", "quiet_zone", "color", "background"]);
  const ecc = String(named.get("ecc") ?? "M").toUpperCase();
  if (!ERROR_CORRECTION.includes(ecc))
    throw new CodeRefusal(
      filter,
      "ecc",
      "range",
      `ecc must be one of L, M, Q, H, not ${JSON.stringify(named.get("ecc"))}`,
    );
  return symbolSvg({
    filter,
    encoder: { kind: "qr", errorCorrection: ecc as QrErrorCorrection },
    text,
    unitsPerModule: 2,
    widthMm: lengthInMm(named.get("size") ?? "30mm", filter, "size"),
    nominalModuleMm: 0.5,
    quietZoneModules: wholeNumber(filter, "quiet_zone", named.get("quiet_zone"), [0, 16], 4),
    color: hexColor(filter, "color", named.get("color"), "#000000"),
    background: hexColor(filter, "background", named.get("background"), "#ffffff"),
    label: textLabel(text),
  });
}
