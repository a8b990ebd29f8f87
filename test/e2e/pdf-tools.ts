// Reading finished PDFs the way their readers do, with npm libraries only (no poppler, no qpdf): pdf-lib for
// structure (objects, streams, fonts, the /Encrypt dictionary), pdfjs for what a viewer shows (document info,
// outline, attachments, passwords, pixels). Each takes a file path (inspectPdf in client.ts writes one).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  decodePDFRawStream,
  PDFArray,
  PDFBool,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNull,
  PDFNumber,
  type PDFObject,
  type PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
} from "@cantoo/pdf-lib";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { getDocument, PasswordResponses, type PDFDocumentProxy, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { RenderParameters } from "pdfjs-dist/types/src/display/api";

/** A PDF object in qpdf's JSON notation (see `json` below). */
export type PdfJson = string | number | boolean | null | PdfJson[] | PdfDict;
export interface PdfDict {
  [key: string]: PdfJson;
}

/** `value[key]` when `value` is a dictionary; undefined otherwise, as `value?.[key]` would read it. */
export function field(value: PdfJson | undefined, key: string): PdfJson | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? value[key] : undefined;
}

/** The entries of `value` when it is a dictionary, none otherwise. */
const entriesOf = (value: PdfJson | undefined): PdfDict =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? value : {};

/** Writes `bytes` to a file of its own. */
export function pdfFile(bytes: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), "folio-pdf-")), "doc.pdf");
  writeFileSync(file, bytes);
  return file;
}

/** The file parsed by pdf-lib, decrypted with `password` ("" opens a file that has only an owner password). */
export const loadStructure = (file: string, password = "") =>
  PDFDocument.load(readFileSync(file), { password, updateMetadata: false });
/** The file parsed by pdf-lib as it is, encrypted strings and streams left so: for what encryption never covers. */
const loadUndecrypted = (file: string) =>
  PDFDocument.load(readFileSync(file), { ignoreEncryption: true, updateMetadata: false });

/** Runs `use` on the file opened by pdfjs, with `password` if given, and closes it after. */
export async function withPdf<T>(
  file: string,
  password: string | undefined,
  use: (doc: PDFDocumentProxy) => Promise<T>,
): Promise<T> {
  const task = getDocument({ data: new Uint8Array(readFileSync(file)), password, verbosity: VerbosityLevel.ERRORS });
  try {
    return await use(await task.promise);
  } finally {
    await task.destroy();
  }
}

/**
 * A pdf-lib object in qpdf's JSON notation (version 2), which the tests were written against: names as "/Name",
 * references as "12 0 R", a stream as its dictionary, strings as "u:" and their text when they are text (UTF-16
 * with its byte order mark, or printable ASCII) and as "b:" and their bytes in hex otherwise (a random /ID, say).
 */
function json(object: PDFObject | undefined): PdfJson {
  if (object instanceof PDFRef) return `${object.objectNumber} ${object.generationNumber} R`;
  if (object instanceof PDFName) return `/${object.decodeText()}`;
  if (object instanceof PDFString || object instanceof PDFHexString) {
    const bytes = Buffer.from(object.asBytes());
    const text = (bytes[0] === 0xfe && bytes[1] === 0xff) || /^[\t\n\r\x20-\x7e]*$/.test(bytes.toString("latin1"));
    return text ? `u:${object.decodeText()}` : `b:${bytes.toString("hex")}`;
  }
  if (object instanceof PDFNumber) return object.asNumber();
  if (object instanceof PDFBool) return object.asBoolean();
  if (object instanceof PDFArray) return object.asArray().map(json);
  if (object instanceof PDFDict)
    return Object.fromEntries([...object.entries()].map(([key, value]) => [`/${key.decodeText()}`, json(value)]));
  if (object instanceof PDFStream) return json(object.dict);
  if (object === undefined || object === PDFNull) return null;
  throw new Error(`no JSON for ${object.constructor.name}`);
}

/**
 * The trailer and catalog as JSON, a resolver for references, a stream's decoded bytes by its reference, and pdf-lib's
 * document.
 */
export async function pdfObjects(file: string, password?: string) {
  const doc = await loadStructure(file, password);
  const { context, catalog } = doc;
  const lookup = (ref: string) => {
    const [number, generation] = ref.split(" ").map(Number);
    return context.lookup(PDFRef.of(number!, generation));
  };
  const resolve = (value: PdfJson | undefined): PdfJson | undefined =>
    typeof value === "string" && /^\d+ \d+ R$/.test(value) ? json(lookup(value)) : value;
  const streamBytes = (ref: PdfJson | undefined) =>
    Buffer.from(decodePDFRawStream(lookup(String(ref)) as PDFRawStream).decode());
  // pdf-lib's decrypting parse loses the trailer that Chromium writes in a cross-reference stream (it tries to
  // decrypt that stream too); a trailer is never encrypted, so it comes from a parse that decrypts nothing.
  const { trailerInfo } = context.isDecrypted ? (await loadUndecrypted(file)).context : context;
  const trailer: PdfDict = Object.fromEntries(
    Object.entries(trailerInfo)
      .filter(([, value]) => value)
      .map(([key, value]) => [`/${key}`, json(value)]),
  );
  return { trailer, catalog: entriesOf(json(catalog)), resolve, streamBytes, doc };
}

/** The XMP metadata packet: the catalog's /Metadata stream. */
export async function xmp(file: string): Promise<string> {
  const { catalog, streamBytes } = await pdfObjects(file);
  return streamBytes(catalog["/Metadata"]).toString("utf8");
}

/**
 * The document information pdfinfo printed: page count and the first page's size in points (its crop box, as
 * pdfinfo's "Page size"), the PDF version, the Info dictionary's entries, encryption, and tagging: /MarkInfo
 * /Marked true in the catalog, with a structure tree.
 */
export async function pdfInfo(file: string, password?: string) {
  const { catalog, resolve } = await pdfObjects(file, password);
  return withPdf(file, password, async (doc) => {
    const info = (await doc.getMetadata()).info as Record<string, string | undefined>;
    const [left, bottom, right, top] = (await doc.getPage(1)).view as [number, number, number, number];
    return {
      pages: doc.numPages,
      width: right - left,
      height: top - bottom,
      pdfVersion: info.PDFFormatVersion,
      tagged: field(resolve(catalog["/MarkInfo"]), "/Marked") === true && catalog["/StructTreeRoot"] !== undefined,
      encrypted: info.EncryptFilterName != null,
      title: info.Title,
      author: info.Author,
      subject: info.Subject,
      keywords: info.Keywords,
      creator: info.Creator,
      producer: info.Producer,
      creationDate: info.CreationDate,
      modDate: info.ModDate,
    };
  });
}

/** What a reader holding `password` (or none) meets: the document, or pdfjs's PasswordException, by its code. */
export async function opens(
  file: string,
  password?: string,
): Promise<"opened" | "password needed" | "password incorrect"> {
  try {
    return await withPdf(file, password, async () => "opened" as const);
  } catch (error) {
    const { name, code } = error as { name?: string; code?: number };
    if (name !== "PasswordException") throw error;
    return code === PasswordResponses.NEED_PASSWORD ? "password needed" : "password incorrect";
  }
}

/**
 * The /Encrypt dictionary as pdfinfo summed it up, or null for a file without one: the algorithm (AES-256 is /V 5
 * /R 6 with the /AESV3 crypt filter) and what the /P bits grant (bit 3 print, 4 change, 5 copy, 6 add notes).
 * Read without a password: the dictionary itself is never encrypted.
 */
export async function encryption(file: string) {
  const { context } = await loadUndecrypted(file);
  if (!context.trailerInfo.Encrypt) return null;
  const encrypt = json(context.lookup(context.trailerInfo.Encrypt));
  const [version, revision] = [field(encrypt, "/V"), field(encrypt, "/R")];
  const filter = field(field(field(encrypt, "/CF"), String(field(encrypt, "/StmF"))), "/CFM");
  const algorithm =
    version === 5 && revision === 6 && filter === "/AESV3" ? "AES-256" : `V ${version} R ${revision} ${filter}`;
  const grants = (bit: number) => (Number(field(encrypt, "/P")) & (1 << (bit - 1))) !== 0;
  return { algorithm, print: grants(3), change: grants(4), copy: grants(5), addNotes: grants(6) };
}

/**
 * Every font the pages use, directly or in their form XObjects, as pdffonts listed them: the name (/BaseFont, or a
 * Type 3 font's descriptor's /FontName: it has no /BaseFont), the /Subtype, whether the font program is embedded
 * (/FontFile, /FontFile2 or /FontFile3 in its descriptor, a Type 0 font's in its descendant's; a Type 3 font's
 * glyphs are content streams of the file itself), whether it is a subset (the ABCDEF+ tag), and has a /ToUnicode map.
 */
export async function fonts(file: string) {
  const { doc, resolve } = await pdfObjects(file);
  const seen = new Set<PdfJson>();
  const used: Array<PdfJson | undefined> = [];
  const walk = (resources: PdfJson | undefined) => {
    for (const font of Object.values(entriesOf(resolve(field(resources, "/Font"))))) {
      if (!seen.has(font)) used.push(resolve(font));
      seen.add(font);
    }
    for (const ref of Object.values(entriesOf(resolve(field(resources, "/XObject"))))) {
      const xobject = resolve(ref);
      if (seen.has(ref) || field(xobject, "/Subtype") !== "/Form") continue;
      seen.add(ref);
      walk(resolve(field(xobject, "/Resources")));
    }
  };
  for (const page of doc.getPages()) walk(json(page.node.Resources()));
  return used.map((font) => {
    const subtype = field(font, "/Subtype");
    const descendants = resolve(field(font, "/DescendantFonts"));
    const descendant = subtype === "/Type0" && Array.isArray(descendants) ? resolve(descendants[0]) : font;
    const descriptor = entriesOf(resolve(field(descendant, "/FontDescriptor")));
    const name = String(field(font, "/BaseFont") ?? descriptor["/FontName"] ?? "/").slice(1);
    const embedded = subtype === "/Type3" || ["/FontFile", "/FontFile2", "/FontFile3"].some((key) => key in descriptor);
    return {
      name,
      type: String(subtype).slice(1),
      embedded,
      subset: /^[A-Z]{6}\+/.test(name),
      toUnicode: "/ToUnicode" in entriesOf(font),
    };
  });
}

type OutlineItem = { title: string; items: OutlineItem[] };
type OutlineTitle = string | { title: string; kids: OutlineTitle[] };
/** The outline as nested titles: an entry with entries under it as { title, kids }. */
export async function outlineTitles(file: string): Promise<OutlineTitle[]> {
  const titles = (items: OutlineItem[]): OutlineTitle[] =>
    items.map((item) => (item.items.length ? { title: item.title, kids: titles(item.items) } : item.title));
  return withPdf(file, undefined, async (doc) => titles((await doc.getOutline()) ?? []));
}

/** Embedded files, as pdfjs reads the /EmbeddedFiles name tree: each one's bytes by its file name (/UF, else /F). */
export async function attachments(file: string): Promise<Map<string, Buffer>> {
  const found = await withPdf(
    file,
    undefined,
    async (doc) =>
      Object.values((await doc.getAttachments()) ?? {}) as Array<{ filename: string; content: Uint8Array }>,
  );
  return new Map(found.map((attachment) => [attachment.filename, Buffer.from(attachment.content)]));
}

/**
 * Page `page` (from 1) drawn by pdfjs on white paper onto an @napi-rs/canvas canvas, at `dpi` (96: a pixel per CSS px).
 */
export async function drawPage(file: string, page: number, dpi: number) {
  return withPdf(file, undefined, async (doc) => {
    const pdfPage = await doc.getPage(page);
    const viewport = pdfPage.getViewport({ scale: dpi / 72 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    // pdfjs's types name the DOM's canvas; in Node it draws on @napi-rs/canvas's, which has the same interface.
    await pdfPage.render({ canvas: canvas as unknown as RenderParameters["canvas"], viewport }).promise;
    return canvas;
  });
}

/** A page's pixels at `dpi`, as RGB: what pdftoppm -r gave. */
export async function pagePixels(file: string, page = 1, dpi = 96) {
  const canvas = await drawPage(file, page, dpi);
  return rgbPixels(canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height));
}

/** An RGBA image's size and a pixel's RGB. */
function rgbPixels({ data, width, height }: { data: Uint8ClampedArray; width: number; height: number }) {
  return {
    width,
    height,
    pixel: (x: number, y: number) =>
      [...data.subarray((y * width + x) * 4, (y * width + x) * 4 + 3)] as [number, number, number],
  };
}

/** A PNG's pixels as RGB, and how many of them are inked (text, or a light grey mark, on white). */
export async function pngPixels(png: Buffer) {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const imageData = context.getImageData(0, 0, image.width, image.height);
  const { data } = imageData;
  let inked = 0;
  for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 0) + (data[i + 1] ?? 0) + (data[i + 2] ?? 0) < 700) inked++;
  return { ...rgbPixels(imageData), inked };
}

/** Writes a page at `dpi` as a PNG (by default beside the PDF), for a person to look at; returns its path. */
export async function pagePng(
  file: string,
  page = 1,
  dpi = 96,
  out = file.replace(/\.pdf$/, `-page${page}.png`),
): Promise<string> {
  writeFileSync(out, await (await drawPage(file, page, dpi)).encode("png"));
  return out;
}
