// The PREVIEW mark on a printed PDF (docs/limits.md#previews): text in Inter (embedded) inside an /Artifact
// marked-content sequence, so tagged and PDF/A previews stay valid, repeated as a tile over the whole page, and
// merged with the page's own content into its one content stream, so no stream can be deleted to take it off.

import fontkit from "@cantoo/fontkit";
import {
  beginMarkedContent,
  beginText,
  decodePDFRawStream,
  endMarkedContent,
  endText,
  PDFArray,
  PDFContentStream,
  PDFDocument,
  type PDFFont,
  PDFName,
  type PDFPage,
  PDFRawStream,
  PDFRef,
  type PDFStream,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setDashPattern,
  setFillingRgbColor,
  setFontAndSize,
  setGraphicsState,
  setLineWidth,
  setStrokingRgbColor,
  setTextMatrix,
  showText,
  stroke,
} from "@cantoo/pdf-lib";
import { concatBytes, latin1Bytes } from "../../lib/bytes";
import { INTER_FONTS } from "../satori/inter-fonts";
import { PREVIEW_MARK } from "./preview-mark";
import { boxRect, type VisibleBox, visiblePageIndex } from "./signing/signature-appearance";
import { OVERLAY_INK, type Watermark } from "./watermark";

const interBold = INTER_FONTS.find((font) => font.weight === 700);
if (!interBold) throw new Error("inter-fonts.ts holds no Inter Bold (700), which the preview mark is set in");
const INTER_BOLD = interBold.data;

/** The smallest mark on a PDF page, in points: a page a few points wide still holds a readable word per tile. */
const MIN_MARK_SIZE = 24;

/**
 * The mark's size on a page whose shorter side is `shorter`: about a fifth of it, never wider than that side's square's
 * diagonal allows, and never below MIN_MARK_SIZE. The tiles repeat it along the longer side.
 */
function markSize(shorter: number, textWidthAtOne: number): number {
  return Math.max(MIN_MARK_SIZE, Math.min(shorter * 0.2, (0.8 * Math.SQRT2 * shorter) / textWidthAtOne));
}

/**
 * Where each copy of the word starts on a `width` x `height` page (text origins, in points): a lattice along the
 * slant, one word and a gap apart, rows 2.5 sizes apart across it with every other row shifted half a step, centred
 * on the page's middle. A page of any length is covered alike: no band of it, however long, is free of the mark.
 */
function tileOrigins(width: number, height: number, word: { size: number; run: number; rise: number }, theta: number) {
  const [cos, sin] = [Math.cos(theta), Math.sin(theta)];
  const along = word.run + word.size;
  const across = 2.5 * word.size;
  const reach = Math.hypot(width, height) / 2 + along;
  const origins: Array<[number, number]> = [];
  for (let row = -Math.ceil(reach / across); row <= Math.ceil(reach / across); row++)
    for (let step = -Math.ceil(reach / along); step <= Math.ceil(reach / along); step++) {
      const shift = step + (Math.abs(row) % 2) / 2;
      const x = width / 2 + shift * along * cos - row * across * sin;
      const y = height / 2 + shift * along * sin + row * across * cos;
      if (Math.abs(x - width / 2) > (width + word.run) / 2 || Math.abs(y - height / 2) > (height + word.run) / 2)
        continue;
      origins.push([x - (word.run / 2) * cos + word.rise * sin, y - (word.run / 2) * sin - word.rise * cos]);
    }
  return origins;
}

/** The mark's operators for one page: every tile in one text object, inside an /Artifact sequence. */
function markOperators(page: PDFPage, font: PDFFont, mark: Required<Watermark>) {
  const { width, height } = page.getSize();
  const size = markSize(Math.min(width, height), font.widthOfTextAtSize(mark.text, 1));
  const word = {
    size,
    run: font.widthOfTextAtSize(mark.text, size),
    rise: font.heightAtSize(size, { descender: false }) / 2,
  };
  // CSS turns clockwise for a positive angle, PDF counterclockwise: the same slant needs the opposite sign.
  const theta = (-mark.angle * Math.PI) / 180;
  const [cos, sin] = [Math.cos(theta), Math.sin(theta)];
  const opacity = page.node.newExtGState("GS", page.doc.context.obj({ Type: "ExtGState", ca: mark.opacity }));
  const fontKey = page.node.newFontDictionary("F", font.ref);
  const text = font.encodeText(mark.text);
  const [red, green, blue] = OVERLAY_INK.map((channel) => channel / 255) as [number, number, number];
  return [
    beginMarkedContent("Artifact"),
    pushGraphicsState(),
    setGraphicsState(opacity),
    setFillingRgbColor(red, green, blue),
    beginText(),
    setFontAndSize(fontKey, size),
    ...tileOrigins(width, height, word, theta).flatMap(([x, y]) => [
      setTextMatrix(cos, sin, -sin, cos, x, y),
      showText(text),
    ]),
    endText(),
    popGraphicsState(),
    endMarkedContent(),
  ];
}

/** A visible signature's box, which a preview outlines where the signature would be drawn (never signing). */
function outlineOperators(doc: PDFDocument, pageIndex: number, box: VisibleBox) {
  const [left, bottom, right, top] = boxRect(doc, pageIndex, box);
  const [red, green, blue] = OVERLAY_INK.map((channel) => channel / 255) as [number, number, number];
  return [
    beginMarkedContent("Artifact"),
    pushGraphicsState(),
    setStrokingRgbColor(red, green, blue),
    setLineWidth(1),
    setDashPattern([4, 2], 0),
    rectangle(left, bottom, right - left, top - bottom),
    stroke(),
    popGraphicsState(),
    endMarkedContent(),
  ];
}

/** The streams of a page's /Contents (one stream or an array of them), by reference. */
function contentRefs(page: PDFPage): PDFRef[] {
  const contents = page.node.get(PDFName.of("Contents"));
  const value = contents instanceof PDFRef ? page.doc.context.lookup(contents) : contents;
  if (value instanceof PDFArray) return value.asArray().filter((item): item is PDFRef => item instanceof PDFRef);
  return contents instanceof PDFRef ? [contents] : [];
}

/** A content stream's operators as bytes: Chromium's are compressed, pdf-lib's not yet encoded. */
function decodedContent(stream: PDFStream): Uint8Array {
  if (stream instanceof PDFRawStream) return decodePDFRawStream(stream).decode();
  if (stream instanceof PDFContentStream) return stream.getUnencodedContents();
  return stream.getContents();
}

/**
 * Draws the mark across every page of a printed PDF, last in each page's content and inside the page's one content
 * stream: the page's own streams and the mark are merged into a single stream (the old ones removed from the file),
 * so no stream can be deleted to take the mark off without the page's content going with it (README, "Previews").
 */
export async function markPdfPages(
  bytes: Uint8Array,
  mark: Required<Watermark> = PREVIEW_MARK,
  signatureBox?: VisibleBox,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(new Uint8Array(INTER_BOLD), { subset: true });
  const replaced = new Set<PDFRef>();
  const boxPage = signatureBox ? visiblePageIndex(signatureBox, doc.getPageCount()) : null;
  for (const [index, page] of doc.getPages().entries()) {
    const own = contentRefs(page).map((ref) => decodedContent(doc.context.lookup(ref) as PDFStream));
    const outline = signatureBox && index === boxPage ? outlineOperators(doc, index, signatureBox) : [];
    const operators = [...outline, ...markOperators(page, font, mark)];
    // Registering the mark's font and opacity can wrap the page's streams (pdf-lib's normalising): all go.
    for (const ref of contentRefs(page)) replaced.add(ref);
    const parts = [latin1Bytes("q\n"), ...own.flatMap((part) => [part, latin1Bytes("\n")]), latin1Bytes("Q\n")];
    parts.push(doc.context.contentStream(operators).getUnencodedContents());
    page.node.set(PDFName.of("Contents"), doc.context.register(doc.context.flateStream(concatBytes(parts))));
  }
  for (const ref of replaced) doc.context.delete(ref);
  return doc.save();
}
