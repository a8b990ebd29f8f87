// The text of a finished PDF as a reader gets it, from pdfjs: each page in reading layout or in content-stream
// order, and where a word sits. Chromium (Skia) gives the text of a glyph its font's cmap does not name (Arabic
// joining forms; CJK ideographs whose glyph the font shares with a Kangxi radical, which the ToUnicode map then
// names instead) only as /ActualText marked content. poppler read it; pdfjs does not, so it is taken here from the
// content streams (pdf-lib) and put in place of the glyphs pdfjs read.
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
} from "@cantoo/pdf-lib";
import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { TextItem } from "pdfjs-dist/types/src/display/api";
import { loadStructure, withPdf } from "./pdf-tools";

/** A content stream's tokens: comments, strings, dictionary and array brackets, names, numbers and operators. */
const TOKEN =
  /%[^\r\n]*|\((?:\\[\s\S]|[^\\()]|\((?:\\[\s\S]|[^\\()])*\))*\)|<<|>>|<[^<>]*>|[[\]{}]|\/[^\s()<>[\]{}/%]*|[^\s()<>[\]{}/%]+/g;
const OPERATOR = /^(?!true$|false$|null$)[A-Za-z'"][\w*]*$/;

/** A string token's text: a hex string's or a literal string's bytes, decoded as PDF text strings are. */
const stringText = (token: string) =>
  (token.startsWith("<")
    ? PDFHexString.of(token.slice(1, -1).replace(/\s/g, ""))
    : PDFString.of(token.slice(1, -1))
  ).decodeText();

/** A content stream's text, decoded. */
const streamText = (stream: PDFRawStream) => Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1");

/**
 * The /ActualText of each marked-content sequence `content` begins (BMC, BDC), in order, null where none; a form
 * XObject it draws (`Do`) is read in place, as pdfjs reads it (a chunked render's headers and footers are one).
 */
function sequencesIn(structure: PDFDocument, content: string, resources: PDFDict | undefined): Array<string | null> {
  const found: Array<string | null> = [];
  let operands: string[] = [];
  for (const [token] of content.matchAll(TOKEN)) {
    if (token.startsWith("%")) continue;
    if (!OPERATOR.test(token)) {
      operands.push(token);
      continue;
    }
    if (token === "BMC" || token === "BDC")
      found.push(
        token === "BDC" && operands.includes("/ActualText")
          ? stringText(operands[operands.indexOf("/ActualText") + 1]!)
          : null,
      );
    if (token === "Do") {
      const xobjects = resources?.lookupMaybe(PDFName.of("XObject"), PDFDict);
      const form = xobjects?.lookup(PDFName.of(operands.at(-1)!.slice(1)));
      if (form instanceof PDFRawStream && form.dict.lookupMaybe(PDFName.of("Subtype"), PDFName) === PDFName.of("Form"))
        found.push(
          ...sequencesIn(structure, streamText(form), form.dict.lookupMaybe(PDFName.of("Resources"), PDFDict)),
        );
    }
    operands = [];
  }
  return found;
}

/** The /ActualText of each marked-content sequence a page's content streams begin, forms it draws included. */
export function actualTexts(structure: PDFDocument, pageIndex: number): Array<string | null> {
  const page = structure.getPage(pageIndex).node;
  const contents = page.Contents();
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((ref) => structure.context.lookup(ref))
      : contents
        ? [contents]
        : [];
  const content = streams.map((stream) => streamText(stream as PDFRawStream)).join("\n");
  return sequencesIn(structure, content, page.Resources());
}

/**
 * pdfjs's text items of a page in content-stream order, each marked-content sequence with an /ActualText made one
 * item of that text spanning its glyphs (the outermost, when they nest). pdfjs puts the gap before a glyph (a space,
 * a line break) as blank items ahead of it, so those at the start of a sequence stay.
 */
async function pageItems(page: PDFPageProxy, actual: Array<string | null>) {
  const { items, styles } = await page.getTextContent({ includeMarkedContent: true });
  const begun = items.filter((item) => "type" in item && item.type !== "endMarkedContent").length;
  if (begun !== actual.length)
    throw new Error(
      `page ${page.pageNumber}: pdfjs began ${begun} marked-content sequences, its content streams ${actual.length}`,
    );
  const out: TextItem[] = [];
  const open: Array<{ text: string | null; items: TextItem[] }> = [];
  const sink = () => open.find((sequence) => sequence.text !== null)?.items ?? out;
  let next = 0;
  for (const item of items) {
    if (!("type" in item)) sink().push(item);
    else if (item.type !== "endMarkedContent") open.push({ text: actual[next++]!, items: [] });
    else {
      const { text, items: inside } = open.pop()!;
      const first = inside.findIndex((glyphs) => glyphs.str.trim() !== "");
      if (text === null || first < 0) {
        sink().push(...inside);
        continue;
      }
      const drawn = inside.slice(first).filter((glyphs) => glyphs.str.trim() !== "");
      const left = Math.min(...drawn.map((glyphs) => glyphs.transform[4]));
      const right = Math.max(...drawn.map((glyphs) => glyphs.transform[4] + glyphs.width));
      const transform = [...drawn[0]!.transform.slice(0, 4), left, drawn[0]!.transform[5]];
      sink().push(...inside.slice(0, first), {
        ...drawn[0]!,
        str: text,
        transform,
        width: right - left,
        hasEOL: inside.at(-1)!.hasEOL,
      });
    }
  }
  return { items: out, styles };
}

/** Each page's items, ActualText in place. */
async function textItems(file: string, password: string | undefined): Promise<TextItem[][]> {
  return withPdf(file, password, async (doc) => {
    const structure = await loadStructure(file, password);
    const pages: TextItem[][] = [];
    for (let number = 1; number <= doc.numPages; number++)
      pages.push((await pageItems(await doc.getPage(number), actualTexts(structure, number - 1))).items);
    return pages;
  });
}

const RTL = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;

interface Line {
  text: string;
  /** The pdfjs font ids its runs are drawn in. */
  fontIds: string[];
}

/**
 * Reading layout, as pdftotext -layout gave it: runs grouped into lines by baseline, lines top to bottom, each
 * line's runs left to right (right to left on a line mostly in an RTL script), a space where a gap parts two runs.
 */
function lines(items: TextItem[]): Line[] {
  const runs = items
    .filter((item) => item.str.trim() !== "")
    .map(({ str, transform, width, fontName }) => ({
      str,
      fontName,
      x: transform[4],
      y: transform[5],
      right: transform[4] + width,
      size: Math.hypot(transform[2], transform[3]),
    }));
  const grouped: Array<typeof runs> = [];
  for (const run of runs.sort((a, b) => b.y - a.y)) {
    const line = grouped.at(-1);
    if (line && Math.abs(line[0]!.y - run.y) < 0.4 * Math.min(line[0]!.size, run.size)) line.push(run);
    else grouped.push([run]);
  }
  return grouped.map((line) => {
    line.sort((a, b) => a.x - b.x);
    const parts = line.flatMap((run, i) =>
      i > 0 && run.x - line[i - 1]!.right > 0.15 * run.size ? [" ", run.str] : [run.str],
    );
    const letters = parts.join("").match(/\p{L}/gu) ?? [];
    return {
      text: (letters.filter((letter) => RTL.test(letter)).length * 2 > letters.length ? parts.reverse() : parts).join(
        "",
      ),
      fontIds: [...new Set(line.map((run) => run.fontName))],
    };
  });
}

/**
 * The text of each page, in reading layout (pdftotext -layout), or in content-stream order with `raw` (pdftotext -raw).
 */
export async function pageTexts(file: string, options: { raw?: boolean; password?: string } = {}): Promise<string[]> {
  const pages = await textItems(file, options.password);
  return pages.map((items) =>
    options.raw
      ? items.map((item) => item.str + (item.hasEOL ? "\n" : "")).join("")
      : lines(items)
          .map((line) => line.text)
          .join("\n"),
  );
}

/** Page 1's lines in reading layout, each with the fonts its text is drawn in (their names without the subset tag). */
export async function linesWithFonts(file: string): Promise<Array<{ text: string; fonts: string[] }>> {
  return withPdf(file, undefined, async (doc) => {
    const page = await doc.getPage(1);
    const { items } = await pageItems(page, actualTexts(await loadStructure(file), 0));
    // pdfjs names a font once the page's operators have loaded it.
    await page.getOperatorList();
    const nameOf = (id: string) => (page.commonObjs.get(id) as { name: string }).name.replace(/^[A-Z]{6}\+/, "");
    return lines(items).map((line) => ({ text: line.text, fonts: line.fontIds.map(nameOf) }));
  });
}

/**
 * Where `word` first begins a run of text on page 1, in points from the top left, as pdftotext -bbox gave it: the
 * run's origin, its top the font's ascent above the baseline. Only at a run's start: pdfjs gives no glyph positions.
 */
export async function wordAt(file: string, word: string): Promise<{ x: number; y: number }> {
  return withPdf(file, undefined, async (doc) => {
    const page = await doc.getPage(1);
    const { items, styles } = await pageItems(page, actualTexts(await loadStructure(file), 0));
    const run = items.find((item) => new RegExp(`^${word}(\\s|$)`).test(item.str));
    if (!run) throw new Error(`${word} begins no text run on page 1`);
    const [x, baseline] = page.getViewport({ scale: 1 }).convertToViewportPoint(run.transform[4], run.transform[5]) as [
      number,
      number,
    ];
    return { x, y: baseline - styles[run.fontName]!.ascent * Math.hypot(run.transform[2], run.transform[3]) };
  });
}
