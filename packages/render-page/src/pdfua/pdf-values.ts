// Reading values out of pdf-lib's object model without caring whether an entry is direct or a reference.
import {
  decodePDFRawStream,
  PDFArray,
  PDFBool,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNull,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
} from "@cantoo/pdf-lib";

/** The dictionary of a dictionary or a stream, else null. */
export function dictOf(value: PDFObject | undefined): PDFDict | null {
  if (value instanceof PDFDict) return value;
  if (value instanceof PDFStream) return value.dict;
  return null;
}

/** Names made once each: PDFName.of runs a regular expression over its text on every call, for every entry read. */
const NAMES = new Map<string, PDFName>();
/** Past this many, a name is made afresh: content streams name their resources as they like. */
const MAX_NAMES = 1_000;

/** The name `/text`, the same object PDFName.of answers. */
export function pdfName(text: string): PDFName {
  const known = NAMES.get(text);
  if (known) return known;
  const name = PDFName.of(text);
  if (NAMES.size < MAX_NAMES) NAMES.set(text, name);
  return name;
}

/** entry() for a name made beforehand: the walks over every structure element read a few keys thousands of times. */
export function entryOf(dict: PDFDict, key: PDFName): PDFObject | undefined {
  const raw = dict.get(key);
  const value = raw instanceof PDFRef ? dict.context.lookup(raw) : raw;
  return value === PDFNull ? undefined : value;
}

/** What dict.lookup(key) answers, without the lists of types it makes on every call of its own. */
export function entry(dict: PDFDict | null, key: string): PDFObject | undefined {
  return dict ? entryOf(dict, pdfName(key)) : undefined;
}

export const dictAt = (dict: PDFDict | null, key: string): PDFDict | null => dictOf(entry(dict, key));

/** Each name's text, made once: the walks read the types of thousands of elements, a few names among them all. */
const NAME_TEXTS = new WeakMap<PDFName, string>();

/** A name's text; decodeText() undoes #xx escapes every time it is called, and most names have none. */
export function nameText(name: PDFName): string {
  let text = NAME_TEXTS.get(name);
  if (text === undefined) {
    const encoded = name.asString();
    text = encoded.includes("#") ? name.decodeText() : encoded.slice(1);
    NAME_TEXTS.set(name, text);
  }
  return text;
}

export function nameAt(dict: PDFDict | null, key: string): string | undefined {
  return dict ? nameOf(dict, pdfName(key)) : undefined;
}

/** nameAt() for a name made beforehand. */
export function nameOf(dict: PDFDict, key: PDFName): string | undefined {
  const value = entryOf(dict, key);
  return value instanceof PDFName ? nameText(value) : undefined;
}

export function numberAt(dict: PDFDict | null, key: string): number | undefined {
  const value = entry(dict, key);
  return value instanceof PDFNumber ? value.asNumber() : undefined;
}

export function boolAt(dict: PDFDict | null, key: string): boolean | undefined {
  const value = entry(dict, key);
  return value instanceof PDFBool ? value.asBoolean() : undefined;
}

/** A text string entry, decoded (PDFDocEncoding or UTF-16); undefined when absent or not a string. */
export function textAt(dict: PDFDict | null, key: string): string | undefined {
  return dict ? textOf(dict, pdfName(key)) : undefined;
}

/** textAt() for a name made beforehand. */
export function textOf(dict: PDFDict, key: PDFName): string | undefined {
  const value = entryOf(dict, key);
  return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;
}

/** An array entry's items, each resolved; an entry holding one item reads as an array of one. */
export function itemsAt(dict: PDFDict | null, key: string): PDFObject[] {
  const value = entry(dict, key);
  if (value === undefined) return [];
  if (!(value instanceof PDFArray)) return [value];
  return value.asArray().map((item) => (dict ? (dict.context.lookup(item) ?? item) : item));
}

/**
 * Each stream's data decoded once, as the mends and then the checker read the same pages: keyed by the data itself,
 * which pdf-lib replaces (never alters) when a stream is given new contents, and no mend gives a stream new filters
 * for the data it has. Nothing writes into what is answered.
 */
const DECODED = new WeakMap<Uint8Array, Uint8Array>();

/** Flate data inflated by the platform's own code, when a thread was given it (inflateWith). */
type Inflate = (data: Uint8Array) => Uint8Array;
let nativeInflate: Inflate | undefined;
const FILTER = PDFName.of("Filter");
const FLATE = PDFName.of("FlateDecode");
const DECODE_PARMS = PDFName.of("DecodeParms");

/**
 * Inflates this thread's Flate streams with `inflate` (undefined: pdf-lib's again). The render backend's threads give
 * node:zlib's, several times faster than pdf-lib's JavaScript; data it refuses (a damaged stream, which pdf-lib reads
 * as far as it can) is decoded by pdf-lib, so the bytes answered are the same either way.
 */
export function inflateWith(inflate: Inflate | undefined): void {
  nativeInflate = inflate;
}

function decodeRawStream(stream: PDFRawStream): Uint8Array {
  if (nativeInflate && stream.dict.get(FILTER) === FLATE && !stream.dict.has(DECODE_PARMS))
    try {
      return nativeInflate(stream.contents);
    } catch {
      // pdf-lib's decoder answers what it can read of it.
    }
  return decodePDFRawStream(stream).decode();
}

/**
 * A stream's bytes with its filters undone. A stream pdf-lib encodes as it writes (a content stream it made) is read
 * from the bytes it writes, so a document in memory reads as its saved file does.
 */
export function streamBytes(stream: PDFObject | undefined): Uint8Array | null {
  if (!(stream instanceof PDFStream)) return null;
  if (!(stream instanceof PDFRawStream))
    return decodePDFRawStream(PDFRawStream.of(stream.dict, stream.getContents())).decode();
  let decoded = DECODED.get(stream.contents);
  if (!decoded) {
    decoded = decodeRawStream(stream);
    DECODED.set(stream.contents, decoded);
  }
  return decoded;
}
