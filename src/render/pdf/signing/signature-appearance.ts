// What a signature looks like on the page (docs/signing.md): a visible one draws the signer's name and the signing
// time (UTC) in Inter, embedded; an invisible one is an empty appearance at /Rect [0 0 0 0]. The font's subset
// always holds every digit, so two signings of one document differ in the time text alone.

import fontkit from "@cantoo/fontkit";
import {
  beginText,
  endText,
  moveText,
  PDFContentStream,
  type PDFDocument,
  type PDFFont,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
  setFontAndSize,
  showText,
} from "@cantoo/pdf-lib";
import { absoluteLengthInMm } from "../../codes/css-length";
import { INTER_FONTS } from "../../satori/inter-fonts";
import type { WidgetPlacement } from "./signature-field";

/** `options.sign.visible`: a page (1-based, -1 the last) and a box in CSS lengths from its top left. */
export interface VisibleBox {
  page: number;
  x: string;
  y: string;
  width: string;
  height: string;
}

/** The text the box shows, the time already written out in UTC. */
export interface AppearanceText {
  signer: string;
  signedAt: Date;
}

const POINTS_PER_MM = 72 / 25.4;
/** The widest the time line can be: every digit is set in the one size chosen for this. */
const TIME_SAMPLE = "0000-00-00 00:00:00 UTC";
const FONT_NAME = "FOLIOS+Inter-Regular";
const interRegular = INTER_FONTS.find((font) => font.weight === 400);
if (!interRegular) throw new Error("Inter regular is bundled with the Satori fonts");

const points = (length: string) => absoluteLengthInMm(length) * POINTS_PER_MM;
const utcText = (date: Date) => `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;

/** The page a visible box names (0-based), or null when the document has no such page. */
export function visiblePageIndex(box: VisibleBox, pageCount: number): number | null {
  const index = box.page === -1 ? pageCount - 1 : box.page - 1;
  return index >= 0 && index < pageCount ? index : null;
}

/** The box's rectangle in the page's PDF space (origin at the bottom left of its media box). */
export function boxRect(doc: PDFDocument, pageIndex: number, box: VisibleBox): [number, number, number, number] {
  const media = doc.getPage(pageIndex).getMediaBox();
  const left = media.x + points(box.x);
  const top = media.y + media.height - points(box.y);
  return [left, top - points(box.height), left + points(box.width), top];
}

function textSize(font: PDFFont, lines: string[], width: number, height: number): number {
  const widest = Math.max(...[...lines, TIME_SAMPLE].map((line) => font.widthOfTextAtSize(line, 1)));
  return Math.max(1, Math.min(height / 3, (width * 0.9) / widest));
}

async function visibleAppearance(doc: PDFDocument, rect: WidgetPlacement["rect"], text: AppearanceText) {
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(new Uint8Array(interRegular?.data ?? []), { subset: true, customName: FONT_NAME });
  font.encodeText(`0123456789${TIME_SAMPLE}`);
  const width = rect[2] - rect[0];
  const height = rect[3] - rect[1];
  const lines = [`Signed by ${text.signer}`, utcText(text.signedAt)];
  const size = textSize(font, lines, width, height);
  const operators = [
    pushGraphicsState(),
    beginText(),
    setFontAndSize("F1", size),
    moveText(width * 0.05, height / 2 + size * 0.25),
    showText(font.encodeText(lines[0] as string)),
    moveText(0, -size * 1.3),
    showText(font.encodeText(lines[1] as string)),
    endText(),
    popGraphicsState(),
  ];
  // Left uncompressed: the time text keeps one length, so two signings' files keep one layout.
  const dict = { Type: "XObject", Subtype: "Form", BBox: [0, 0, width, height], Resources: { Font: { F1: font.ref } } };
  return doc.context.register(PDFContentStream.of(doc.context.obj(dict), operators, false));
}

/** The widget's appearance: the drawn box, or an empty one for an invisible signature. */
export async function signatureAppearance(
  doc: PDFDocument,
  rect: WidgetPlacement["rect"],
  text: AppearanceText | null,
): Promise<PDFRef> {
  if (text) return visibleAppearance(doc, rect, text);
  return doc.context.register(doc.context.formXObject([], { BBox: [0, 0, 0, 0] }));
}
