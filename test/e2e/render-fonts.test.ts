import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { api, createTemplate, download, inspectPdf } from "./client";

// DECISIONS §13: the render backend, the development setup and CI all have Noto for CJK and colour emoji, so
// no script renders as boxes. Chromium embeds CFF-outline fonts (Noto CJK) and colour bitmaps (emoji) as
// Type 3 fonts, which pdffonts lists without a name: their names are in their font descriptors.
const LINES = {
  ja: "日本語の請求書：山田太郎様",
  "zh-CN": "中文发票：张伟先生",
  ko: "한국어 청구서: 김민준 님",
  ar: "فاتورة عربية",
  emoji: "🎉",
};

/** Every font pdffonts lists, as [type, embedded]. */
function listedFonts(file: string): Array<{ type: string; embedded: boolean }> {
  const table = execFileSync("pdffonts", [file], { encoding: "utf8" }).split("\n").slice(2).filter(Boolean);
  return table.map((line) => {
    const match = /^(.+?)\s+(Type 3|Type 1C?|CID TrueType|CID Type 0C?|TrueType)\s+\S+\s+(yes|no)\s/.exec(line);
    if (!match) throw new Error(`unexpected pdffonts line: ${line}`);
    return { type: match[2]!, embedded: match[3] === "yes" };
  });
}

describe("fonts for every script", () => {
  it("renders Japanese, Chinese, Korean, Arabic and an emoji as text with embedded Noto fonts", async () => {
    const body = Object.entries(LINES)
      .map(([lang, text]) => (lang === "emoji" ? `<p>${text}</p>` : `<p lang="${lang}"${lang === "ar" ? ' dir="rtl"' : ""}>${text}</p>`))
      .join("");
    const template = await createTemplate({ name: "scripts", source: `<!doctype html><html><body>${body}</body></html>` });
    const res = await api("POST", "/v1/render", { template });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const pdf = inspectPdf((await download(res.json.url)).bytes);
    for (const text of Object.values(LINES)) expect(pdf.text).toContain(text);

    const fonts = listedFonts(pdf.file);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((font) => !font.embedded)).toEqual([]);
    expect(fonts.some((font) => font.type === "Type 3")).toBe(true);
    const names = [...readFileSync(pdf.file, "latin1").matchAll(/\/FontName\s*\/([^\s/<>[\]()]+)/g)].map((match) => match[1]!.replace(/^[A-Z]{6}\+/, ""));
    expect(names).toEqual(expect.arrayContaining([expect.stringMatching(/^NotoSansCJK/), "NotoColorEmoji"]));
  });
});
