// The fonts Chromium may use: these, shipped as npm packages (Google Fonts' Noto and Inter, OFL-1.1), and none of
// the host's. Chromium reads fonts through fontconfig; FONTCONFIG_FILE hands it this file instead of the host's
// /etc/fonts, so what a document looks like (and its bytes) depends on Folio's install, never on the machine.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

interface Family {
  /** The family name documents use, as the font files declare it. */
  name: string;
  /** The npm package (one of @expo-google-fonts) and which of its weight folders Folio ships. */
  package: string;
  styles: string[];
}

const UPRIGHT_AND_ITALIC = ["400Regular", "400Regular_Italic", "700Bold", "700Bold_Italic"];
const UPRIGHT = ["400Regular", "700Bold"];

/** Every family, in the order a character missing from the named font is looked for (scripts, then CJK, then emoji). */
export const FAMILIES: Family[] = [
  { name: "Noto Sans", package: "noto-sans", styles: UPRIGHT_AND_ITALIC },
  { name: "Noto Serif", package: "noto-serif", styles: UPRIGHT_AND_ITALIC },
  { name: "Noto Sans Mono", package: "noto-sans-mono", styles: UPRIGHT },
  // Metric-compatible with Arial, Times New Roman and Courier New: a document that names those lays out as it would
  // where they are installed (the same widths, so the same line breaks and page count).
  { name: "Arimo", package: "arimo", styles: UPRIGHT_AND_ITALIC },
  { name: "Tinos", package: "tinos", styles: UPRIGHT_AND_ITALIC },
  { name: "Cousine", package: "cousine", styles: UPRIGHT_AND_ITALIC },
  {
    name: "Inter",
    package: "inter",
    styles: ["400Regular", "400Regular_Italic", "500Medium", "600SemiBold", "700Bold", "700Bold_Italic"],
  },
  { name: "Noto Sans Arabic", package: "noto-sans-arabic", styles: UPRIGHT },
  { name: "Noto Sans Hebrew", package: "noto-sans-hebrew", styles: UPRIGHT },
  { name: "Noto Sans Devanagari", package: "noto-sans-devanagari", styles: UPRIGHT },
  { name: "Noto Sans Thai", package: "noto-sans-thai", styles: UPRIGHT },
  { name: "Noto Sans JP", package: "noto-sans-jp", styles: UPRIGHT },
  { name: "Noto Sans SC", package: "noto-sans-sc", styles: UPRIGHT },
  { name: "Noto Sans KR", package: "noto-sans-kr", styles: UPRIGHT },
  { name: "Noto Color Emoji", package: "noto-color-emoji", styles: ["400Regular"] },
];

/**
 * CSS's generic families, and the font each one gets (README, "Fonts"). Blink itself turns serif, sans-serif and
 * monospace into Times New Roman, Arial and Courier New before asking fontconfig, so these are the same fonts those
 * names get below: metric-compatible ones, so a document lays out as in the browsers it was written in.
 */
export const GENERIC_FAMILIES: Record<string, string> = {
  "sans-serif": "Arimo",
  serif: "Tinos",
  monospace: "Cousine",
  "system-ui": "Noto Sans",
};

/**
 * Names documents use for fonts no machine of Folio's has, and the font each one gets: Blink asks for
 * "Times New Roman" when a document names no font at all, and for "Sans" when it has nothing else to try.
 */
const NAMED_SUBSTITUTES: Record<string, string> = {
  "Times New Roman": "Tinos",
  Times: "Tinos",
  Serif: "Noto Serif",
  Georgia: "Noto Serif",
  Arial: "Arimo",
  Helvetica: "Arimo",
  "Helvetica Neue": "Arimo",
  Sans: "Noto Sans",
  "Courier New": "Cousine",
  Courier: "Cousine",
  Monospace: "Noto Sans Mono",
};

/** Han characters are shared by Chinese, Japanese and Korean; a `lang` attribute picks the matching forms. */
const HAN_BY_LANGUAGE: Record<string, string> = { ja: "Noto Sans JP", zh: "Noto Sans SC", ko: "Noto Sans KR" };

/**
 * The fonts a missing character is looked for in: Noto Sans, then the other scripts', then emoji (Latin-only families
 * add nothing).
 */
const FALLBACK = FAMILIES.filter(
  (family) => !["Noto Serif", "Noto Sans Mono", "Arimo", "Tinos", "Cousine", "Inter"].includes(family.name),
).map((family) => family.name);

const xml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const families = (names: string[]) => names.map((name) => `<family>${xml(name)}</family>`).join("");

function fontDirectories(): string[] {
  return FAMILIES.flatMap((family) => {
    const root = dirname(require.resolve(`@expo-google-fonts/${family.package}/package.json`));
    return family.styles.map((style) => join(root, style));
  });
}

function configuration(cacheDir: string): string {
  const generic = Object.entries({ ...GENERIC_FAMILIES, ...NAMED_SUBSTITUTES }).map(
    ([generic, named]) =>
      `  <alias binding="same"><family>${generic}</family>` +
      `<prefer>${families([named, ...FALLBACK.filter((name) => name !== named)])}</prefer></alias>`,
  );
  const han = Object.entries(HAN_BY_LANGUAGE).map(
    ([lang, named]) =>
      `  <match target="pattern"><test name="lang" compare="contains"><string>${lang}</string></test>` +
      `<edit name="family" mode="prepend">${families([named])}</edit></match>`,
  );
  return [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">',
    "<!-- Written by Folio (container/src/font-set.ts) on each start; edits are overwritten. -->",
    "<fontconfig>",
    ...fontDirectories().map((dir) => `  <dir>${xml(dir)}</dir>`),
    `  <cachedir>${xml(cacheDir)}</cachedir>`,
    ...generic,
    ...han,
    "</fontconfig>",
    "",
  ].join("\n");
}

/** Writes (when it changed) and names Folio's fontconfig file, in node_modules/.cache beside its font cache. */
export function fontConfigFile(): string {
  const dir = join(
    dirname(require.resolve("@expo-google-fonts/noto-sans/package.json")),
    "..",
    "..",
    ".cache",
    "folio-fonts",
  );
  const file = join(dir, "fonts.conf");
  const text = configuration(join(dir, "cache"));
  if (existsSync(file) && readFileSync(file, "utf8") === text) return file;
  mkdirSync(dir, { recursive: true });
  const scratch = `${file}.${process.pid}`;
  writeFileSync(scratch, text);
  renameSync(scratch, file);
  return file;
}
