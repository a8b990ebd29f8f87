import { codeText, hexColor, keywordArguments, textLabel } from "./code-arguments";
import { CodeRefusal } from "./code-refusal";
import { lengthInMm } from "./css-length";
import { withCheckDigit } from "./gtin";
import { withinBytes } from "./qr-code";
import { symbolSvg } from "./symbol-svg";

/** How each symbology is checked and drawn (docs/codes.md#barcode). */
interface Symbology {
  bcid: string;
  linear: boolean;
  /** The text as encoded, or a refusal naming the rule it breaks. */
  accept: (text: string) => string;
  quietZoneModules: number;
  nominalModuleMm: number;
}

const filter = "barcode";

/** Text within a character set and a length; `set` is a linear-time test of one character. */
function within(name: string, set: (code: number) => boolean, words: string, maxLength: number) {
  return (text: string) => {
    if (text.length > maxLength)
      throw new CodeRefusal(
        filter,
        "text",
        "too_long",
        `${name} holds at most ${maxLength} characters here, not ${text.length}`,
        {
          max_characters: maxLength,
        },
      );
    for (const char of text)
      if (!set(char.codePointAt(0) ?? 0))
        throw new CodeRefusal(filter, "text", "character_set", `${name} encodes ${words}, not ${JSON.stringify(char)}`);
    return text;
  };
}

const printableAscii = (c: number) => c >= 0x20 && c <= 0x7e;
const CODE39 = new Set([..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ -.$/+%"].map((c) => c.codePointAt(0)));
const elementString = (name: string) => (text: string) => {
  if (!text.startsWith("("))
    throw new CodeRefusal(
      filter,
      "text",
      "gs1_syntax",
      `${name} takes a GS1 element string such as (01)09501101530003(17)261231`,
    );
  return within(name, printableAscii, "printable ASCII", 200)(text);
};
const twoDimensional = (name: string) => (text: string) => {
  withinBytes(filter, `${name} text`, text);
  return text;
};

const linear = (bcid: string, accept: (text: string) => string): Symbology => ({
  bcid,
  linear: true,
  accept,
  quietZoneModules: 10,
  nominalModuleMm: 0.33,
});

export const SYMBOLOGIES: Record<string, Symbology> = {
  code128: linear("code128", within("code128", printableAscii, "printable ASCII (space to ~)", 80)),
  "gs1-128": linear("gs1-128", elementString("gs1-128")),
  ean13: linear("ean13", (text) => withCheckDigit(filter, "ean13", text, 13)),
  ean8: linear("ean8", (text) => withCheckDigit(filter, "ean8", text, 8)),
  upca: linear("upca", (text) => withCheckDigit(filter, "upca", text, 12)),
  code39: linear(
    "code39",
    within("code39", (c) => CODE39.has(c), "digits, capitals, space and - . $ / + %", 80),
  ),
  itf14: linear("itf14", (text) => withCheckDigit(filter, "itf14", text, 14)),
  datamatrix: {
    bcid: "datamatrix",
    linear: false,
    accept: twoDimensional("datamatrix"),
    quietZoneModules: 1,
    nominalModuleMm: 0.5,
  },
  "gs1-datamatrix": {
    ...{ bcid: "gs1datamatrix", linear: false, quietZoneModules: 1, nominalModuleMm: 0.5 },
    accept: elementString("gs1-datamatrix"),
  },
  pdf417: {
    bcid: "pdf417",
    linear: false,
    accept: twoDimensional("pdf417"),
    quietZoneModules: 2,
    nominalModuleMm: 0.33,
  },
};

/** `{{ text | barcode: "code128", height: "15mm", width: "60mm", human_readable: true, color, background }}`. */
export function barcode(value: unknown, symbologyName: unknown, args: unknown[]): string {
  const symbology = typeof symbologyName === "string" ? SYMBOLOGIES[symbologyName] : undefined;
  if (!symbology)
    throw new CodeRefusal(
      filter,
      "symbology",
      "symbology",
      `the symbology must be one of ${Object.keys(SYMBOLOGIES).join(", ")}, not ${JSON.stringify(symbologyName)}`,
    );
  const text = symbology.accept(codeText(filter, value));
  const named = keywordArguments(filter, args, ["height", "width", "human_readable", "color", "background"]);
  if (!symbology.linear && named.has("height"))
    throw new CodeRefusal(filter, "height", "argument", `${symbologyName} keeps its proportions: give its width only`);
  const humanReadable = symbology.linear && named.get("human_readable") !== false;
  const width = named.get("width");
  return symbolSvg({
    filter,
    encoder: { kind: "bwip", bcid: symbology.bcid, options: humanReadable ? { includetext: true } : {} },
    text,
    unitsPerModule: symbology.bcid === "pdf417" || symbology.linear ? 1 : 2,
    widthMm: width === undefined ? undefined : lengthInMm(width, filter, "width"),
    heightMm: symbology.linear ? lengthInMm(named.get("height") ?? "15mm", filter, "height") : undefined,
    nominalModuleMm: symbology.nominalModuleMm,
    quietZoneModules: symbology.quietZoneModules,
    color: hexColor(filter, "color", named.get("color"), "#000000"),
    background: hexColor(filter, "background", named.get("background"), "#ffffff"),
    label: textLabel(text),
  });
}
