import { describe, expect, it } from "vitest";
import { api, createTemplate, download, inspectPdf } from "./client";
import { linesWithFonts } from "./pdf-text";
import { fonts } from "./pdf-tools";

// README "Chromium and fonts": Chromium sees only the fonts Folio ships, so every script below renders as glyphs on
// any machine, each in a font that has it, never as boxes in a fallback that lacks it. Chromium embeds CFF-outline
// fonts (Noto CJK) and colour bitmaps (emoji) as Type 3 fonts, which have no /BaseFont: fonts() names them by their
// font descriptors.
const LINES = [
  { lang: "ja", text: "日本語の請求書：山田太郎様", font: /^NotoSansJP-/ },
  { lang: "zh", text: "中文发票：张伟先生", font: /^NotoSansSC-/ },
  { lang: "ko", text: "한국어 청구서: 김민준 님", font: /^NotoSansKR-/ },
  { lang: "el", text: "Τιμολόγιο για τον Γιώργο Παπαδόπουλο", font: /^Arimo-/ },
  { lang: "ru", text: "Счёт для Ивана Петрова", font: /^Arimo-/ },
  { lang: "ar", text: "فاتورة لأحمد", font: /^NotoSansArabic-/ },
  { lang: "he", text: "חשבונית לדוד", font: /^Arimo-/ },
  { lang: "hi", text: "राहुल के लिए चालान", font: /^NotoSans-/ },
  { lang: "th", text: "ใบแจ้งหนี้สำหรับสมชาย", font: /^NotoSansThai-/ },
  { lang: "en", text: "Thanks 🎉", font: /^NotoColorEmoji$/ },
];
const RTL = new Set(["ar", "he"]);
const unspaced = (text: string) => text.replace(/\s+/g, "");

describe("fonts for every script", () => {
  it("renders Japanese, Chinese, Korean, Greek, Cyrillic, Arabic, Hebrew, Devanagari, Thai and emoji, each found again and drawn in a font that has it", async () => {
    const body = LINES.map(
      ({ lang, text }) => `<p lang="${lang}"${RTL.has(lang) ? ' dir="rtl"' : ""}>${text}</p>`,
    ).join("");
    const template = await createTemplate({
      name: "scripts",
      source: `<!doctype html><html><body style="font-family: sans-serif">${body}</body></html>`,
    });
    const res = await api("POST", "/v1/render", { template });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const pdf = await inspectPdf((await download(res.json.url)).bytes);

    const found = await linesWithFonts(pdf.file);
    for (const { text, font } of LINES) {
      // Spaces compared apart: a reader guesses them from gaps, and a Devanagari vowel sign's offset looks like one.
      const line = found.find((candidate) => unspaced(candidate.text) === unspaced(text));
      expect(line, `"${text}" among ${JSON.stringify(found.map((l) => l.text))}`).toBeDefined();
      // The emoji's line also holds Latin text: its font is one of the line's.
      expect(
        line!.fonts.some((name) => font.test(name)),
        `${text}: ${line!.fonts.join(", ")}`,
      ).toBe(true);
    }

    const used = await fonts(pdf.file);
    expect(used.filter((entry) => !entry.embedded)).toEqual([]);
    // Only shipped fonts: nothing of a host's (DejaVu, Liberation) can reach the file.
    expect(
      used
        .map((entry) => entry.name.replace(/^[A-Z]{6}\+/, ""))
        .filter((name) => !/^(Noto|Arimo|Tinos|Cousine|Inter)/.test(name)),
    ).toEqual([]);
  });
});
