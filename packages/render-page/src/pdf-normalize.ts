// Making Chromium's PDF deterministic and labelled, in place: only the info object and the cross-reference
// section are rewritten, found with the reader the render backend shares.
import { concatBytes, latin1Bytes } from "./bytes.ts";
import { DOCUMENT_URL } from "./document-guard.ts";
import { crossReference, objectAt, reference } from "./pdf-structure.ts";
import { renumberStructureIds } from "./structure-ids.ts";

/**
 * What Chromium writes as /Title when the document has no <title>: the address the document is loaded at, an
 * internal host name that means nothing to a reader. Such a PDF gets no /Title, so viewers show its file name.
 */
const UNTITLED = new Set([DOCUMENT_URL, DOCUMENT_URL.replace(/^https:\/\//, ""), new URL(DOCUMENT_URL).host]);
/** Why a file cannot be normalized: Skia always writes such a table and such an entry. */
export const NO_INFO = "unexpected PDF structure: no classic xref table with an /Info entry";

/** The document's own title as Chromium wrote it, if it had one. */
function documentTitle(infoText: string): string | undefined {
  const title = readText(infoText, "Title");
  return title === undefined || UNTITLED.has(title) ? undefined : title;
}

export interface PdfMetadata {
  title?: string | undefined;
  author?: string | undefined;
  subject?: string | undefined;
  keywords?: string | undefined;
  creator?: string | undefined;
}

function pdfString(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return `(${value.replace(/[\\()]/g, (c) => `\\${c}`)})`;
  let hex = "FEFF";
  for (let i = 0; i < value.length; i++) hex += value.charCodeAt(i).toString(16).padStart(4, "0").toUpperCase();
  return `<${hex}>`;
}

/**
 * A text string of the info object: a literal, or a hex string, which Chromium writes for a title outside ASCII
 * (UTF-16BE after its byte order mark; a Japanese <title> comes so, and PDF/UA needs it kept).
 */
function readText(text: string, key: string): string | undefined {
  const literal = new RegExp(`/${key}\\s*\\(((?:\\\\.|[^\\\\)])*)\\)`).exec(text)?.[1];
  if (literal !== undefined) return literal.replace(/\\(.)/g, "$1");
  const hex = new RegExp(`/${key}\\s*<([0-9A-Fa-f\\s]*)>`).exec(text)?.[1]?.replace(/\s/g, "");
  if (hex === undefined) return undefined;
  const bytes = Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
  if (bytes[0] !== 0xfe || bytes[1] !== 0xff) return String.fromCharCode(...bytes);
  const units: number[] = [];
  for (let at = 2; at + 1 < bytes.length; at += 2) units.push(((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0));
  return String.fromCharCode(...units);
}

/** What normalizes a render's PDF: its document id (the file identifier comes from it) and its metadata. */
export interface Normalization {
  documentId: string;
  metadata: PdfMetadata;
}

/** The file identifier the normalization gives a render's PDF, as the hexadecimal string's digits. */
export const fileIdentifierDigits = (documentId: string) => documentId.slice(0, 32).toUpperCase();

/**
 * The info dictionary as the normalization writes it, from the text of the one Chromium wrote (its object, or only
 * its dictionary): no creation or modification dates, the requested metadata, Chromium's title when none is asked.
 */
export function normalizedInfo(infoText: string, metadata: PdfMetadata): string {
  const entries: Array<[string, string | undefined]> = [
    ["Title", metadata.title ?? documentTitle(infoText)],
    ["Author", metadata.author],
    ["Subject", metadata.subject],
    ["Keywords", metadata.keywords],
    ["Creator", metadata.creator ?? "Folio"],
    ["Producer", "Folio (Chromium)"],
  ];
  return `<<${entries.flatMap(([k, v]) => (v === undefined || v === "" ? [] : [`/${k} ${pdfString(v)}`])).join("\n")}>>`;
}

/**
 * Makes Chromium's PDF deterministic and labelled: the info dictionary is rewritten (normalizedInfo), a tagged
 * print's structure element ids are numbered from 1 (an untagged print has none, so its bytes are not searched for
 * them), and the trailer gets an /ID derived from `documentId`. Offsets after the rewritten object are shifted in the
 * classic xref table Skia writes. Only the info object and the cross-reference section are decoded; the body is
 * copied as bytes. A `pdfua` print mended in the render backend is normalized as it is read (pdfua/normalized-read.ts).
 */
export function normalizePdf(
  printed: Uint8Array,
  documentId: string,
  metadata: PdfMetadata = {},
  print: { tagged: boolean } = { tagged: false },
): Uint8Array {
  // One numbering over the whole file (the ids and the ID tree naming them may sit on either side of the info).
  const bytes = print.tagged ? renumberStructureIds(printed) : printed;
  const xref = crossReference(bytes);
  const info = xref && objectAt(bytes, xref, reference(xref.section.slice(xref.trailerAt), "Info"));
  if (!xref || !info) throw new Error(NO_INFO);
  const infoDigits = /^(\d+)/.exec(info.text)?.[1];
  if (infoDigits === undefined)
    throw new Error("unexpected PDF structure: the /Info object does not start with its number");
  const newObject = `${Number(infoDigits)} 0 obj\n${normalizedInfo(info.text, metadata)}\nendobj`;
  const delta = newObject.length - (info.end - info.start);

  const { section, trailerAt, startxrefAt } = xref;
  const entriesEnd = xref.entriesAt - xref.xrefOffset + xref.count * 20;
  const table = section
    .slice(xref.entriesAt - xref.xrefOffset, entriesEnd)
    .replace(/(\d{10}) (\d{5}) n/g, (entry, offset: string, generation: string) => {
      const value = Number(offset);
      return value > info.start ? `${String(value + delta).padStart(10, "0")} ${generation} n` : entry;
    });
  const id = `<${fileIdentifierDigits(documentId)}>`;
  const trailer = section
    .slice(trailerAt, startxrefAt)
    .replace(/\/ID\s*\[[^\]]*\]\s*/, "")
    .replace(/>>\s*$/, `\n/ID [${id} ${id}]>>\n`);
  const tail =
    section.slice(0, xref.entriesAt - xref.xrefOffset) +
    table +
    section.slice(entriesEnd, trailerAt) +
    trailer +
    `startxref\n${xref.xrefOffset + delta}\n%%EOF\n`;
  const parts = [
    bytes.subarray(0, info.start),
    latin1Bytes(newObject),
    bytes.subarray(info.end, xref.xrefOffset),
    latin1Bytes(tail),
  ];
  return concatBytes(parts);
}
