// Reading and normalizing Chromium's PDFs without a PDF library: Skia writes the trailer, the info
// dictionary and the page tree as plain (uncompressed) objects, so they can be found and patched in
// place. Import-free, so the render backend shares it.

/** One char per byte of `bytes[start, end)`. (TextDecoder's "latin1" is really windows-1252, which would remap 0x80-0x9f.) */
export function binaryString(bytes: Uint8Array, start = 0, end = bytes.length): string {
  const parts: string[] = [];
  // apply() on a typed array reads it directly; spreading one walks an iterator, many times slower.
  for (let i = start; i < end; i += 0x2000)
    parts.push(String.fromCharCode.apply(null, bytes.subarray(i, Math.min(i + 0x2000, end)) as unknown as number[]));
  return parts.join("");
}

function asciiBytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

/** The classic cross-reference section Skia writes at the end: one subsection, then the trailer. */
interface CrossReference {
  /** Byte offset of `xref`, and of its first 20-byte entry. */
  xrefOffset: number;
  entriesAt: number;
  first: number;
  count: number;
  /** The section from `xref` to the end of the file, one char per byte. */
  section: string;
  /** Where `trailer` and `startxref` start, counted in `section`. */
  trailerAt: number;
  startxrefAt: number;
  /** The byte offset of object `number`, or -1 when the table does not list it. */
  offsetOf(number: number): number;
}

/** Reads the cross-reference section from the file's tail only: the body is never decoded. */
function crossReference(bytes: Uint8Array): CrossReference | null {
  const tailStart = Math.max(0, bytes.length - 1024);
  const tail = binaryString(bytes, tailStart);
  const xrefOffset = Number(/startxref\s+(\d+)/.exec(tail.slice(tail.lastIndexOf("startxref")))?.[1]);
  if (!Number.isSafeInteger(xrefOffset) || xrefOffset >= bytes.length) return null;
  const section = binaryString(bytes, xrefOffset);
  const head = /^xref\s+(\d+)\s+(\d+)\s*\r?\n/.exec(section.slice(0, 64));
  const trailerAt = section.lastIndexOf("trailer");
  const startxrefAt = section.lastIndexOf("startxref");
  if (!head || trailerAt < 0 || startxrefAt < trailerAt) return null;
  const first = Number(head[1]);
  const count = Number(head[2]);
  const entries = head[0].length;
  if (entries + count * 20 > trailerAt) return null;
  return {
    xrefOffset,
    entriesAt: xrefOffset + entries,
    first,
    count,
    section,
    trailerAt,
    startxrefAt,
    offsetOf: (number) => {
      const at = entries + (number - first) * 20;
      return number < first || number >= first + count || section[at + 17] !== "n"
        ? -1
        : Number(section.slice(at, at + 10));
    },
  };
}

/**
 * Where the object's `endobj` keyword starts, skipping strings: a document title may say "endobj" itself, and
 * cutting there would leave Chromium's dates in the file. Literal strings nest parentheses and escape with a
 * backslash; hex strings run to the next `>` (a `<<` opens a dictionary instead). -1 when the text holds none.
 */
function endobjOutsideStrings(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "(") {
      for (let depth = 1; depth > 0 && ++i < text.length; ) {
        if (text[i] === "\\") i++;
        else if (text[i] === "(") depth++;
        else if (text[i] === ")") depth--;
      }
    } else if (c === "<" && text[i + 1] !== "<") {
      i = text.indexOf(">", i);
      if (i < 0) return -1;
    } else if (c === "<") {
      i++;
    } else if (c === "e" && text.startsWith("endobj", i)) {
      return i;
    }
  }
  return -1;
}

/** Object `number`'s text, `N 0 obj` to `endobj`, with where it starts and ends in bytes; null when it is not where the table says. */
function objectAt(
  bytes: Uint8Array,
  xref: CrossReference,
  number: number,
): { start: number; end: number; text: string } | null {
  const start = xref.offsetOf(number);
  if (start < 0 || start >= xref.xrefOffset) return null;
  // Decoded a window at a time: these objects are small, and most of the file lies past them.
  for (let window = 4096; ; window *= 4) {
    const text = binaryString(bytes, start, Math.min(start + window, xref.xrefOffset));
    if (!text.startsWith(`${number} 0 obj`)) return null;
    const close = endobjOutsideStrings(text);
    if (close >= 0)
      return { start, end: start + close + "endobj".length, text: text.slice(0, close + "endobj".length) };
    if (start + window >= xref.xrefOffset) return null;
  }
}

const reference = (text: string, key: string) => Number(new RegExp(`/${key}\\s+(\\d+)\\s+0\\s+R`).exec(text)?.[1]);

/** The /Count of the root page tree: the number of pages Chromium produced. */
export function pdfPageCount(bytes: Uint8Array): number {
  const xref = crossReference(bytes);
  const catalog = xref && objectAt(bytes, xref, reference(xref.section.slice(xref.trailerAt), "Root"));
  const pages = xref && catalog && objectAt(bytes, xref, reference(catalog.text, "Pages"));
  const count = pages && /\/Count\s+(\d+)/.exec(pages.text)?.[1];
  if (count) return Number(count);
  // Not the structure Skia writes: look at every page tree node instead.
  let best = 0;
  for (const match of binaryString(bytes).matchAll(
    /\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)|\/Count\s+(\d+)[^>]*?\/Type\s*\/Pages\b/g,
  )) {
    best = Math.max(best, Number(match[1] ?? match[2]));
  }
  return best;
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

function readLiteral(text: string, key: string): string | undefined {
  const match = new RegExp(`/${key}\\s*\\(((?:\\\\.|[^\\\\)])*)\\)`).exec(text);
  return match ? match[1]!.replace(/\\(.)/g, "$1") : undefined;
}

/**
 * Makes Chromium's PDF deterministic and labelled: the info dictionary is rewritten without creation or
 * modification dates (and with the requested metadata), and the trailer gets an /ID derived from
 * `documentId`. Offsets after the rewritten object are shifted in the classic xref table Skia writes.
 * Only the info object and the cross-reference section are decoded; the body is copied as bytes.
 */
export function normalizePdf(bytes: Uint8Array, documentId: string, metadata: PdfMetadata = {}): Uint8Array {
  const xref = crossReference(bytes);
  const info = xref && objectAt(bytes, xref, reference(xref.section.slice(xref.trailerAt), "Info"));
  if (!xref || !info) throw new Error("unexpected PDF structure: no classic xref table with an /Info entry");
  const infoNumber = Number(/^(\d+)/.exec(info.text)![1]);

  const entries: Array<[string, string | undefined]> = [
    ["Title", metadata.title ?? readLiteral(info.text, "Title")],
    ["Author", metadata.author],
    ["Subject", metadata.subject],
    ["Keywords", metadata.keywords],
    ["Creator", metadata.creator ?? "Folio"],
    ["Producer", "Folio (Chromium)"],
  ];
  const body = entries
    .filter(([, v]) => v !== undefined && v !== "")
    .map(([k, v]) => `/${k} ${pdfString(v!)}`)
    .join("\n");
  const newObject = `${infoNumber} 0 obj\n<<${body}>>\nendobj`;
  const delta = newObject.length - (info.end - info.start);

  const { section, trailerAt, startxrefAt } = xref;
  const entriesEnd = xref.entriesAt - xref.xrefOffset + xref.count * 20;
  const table = section
    .slice(xref.entriesAt - xref.xrefOffset, entriesEnd)
    .replace(/(\d{10}) (\d{5}) n/g, (entry, offset: string, generation: string) => {
      const value = Number(offset);
      return value > info.start ? `${String(value + delta).padStart(10, "0")} ${generation} n` : entry;
    });
  const id = `<${documentId.slice(0, 32).toUpperCase()}>`;
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
    asciiBytes(newObject),
    bytes.subarray(info.end, xref.xrefOffset),
    asciiBytes(tail),
  ];
  const result = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    result.set(part, at);
    at += part.length;
  }
  return result;
}

/** Where each object's body starts, by object number (Skia writes every object plainly, none in object streams). */
function objectBodies(text: string): (number: number) => string {
  const starts = new Map<number, number>();
  for (const match of text.matchAll(/(?:^|[\r\n])(\d+) 0 obj\b/g))
    starts.set(Number(match[1]), match.index! + match[0].length);
  return (number) => {
    const start = starts.get(number);
    return start === undefined ? "" : text.slice(start, text.indexOf("endobj", start));
  };
}

/** A PDF name's characters: `#xx` escapes are bytes, and the bytes are UTF-8. */
function decodeName(raw: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === "#" && /^[0-9a-f]{2}$/i.test(raw.slice(i + 1, i + 3))) {
      bytes.push(parseInt(raw.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(raw.charCodeAt(i));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/**
 * The page (from 1) each named destination lands on. Chromium writes a destination for every element an
 * internal link points at (`<a href="#id">`), in the catalog's /Dests dictionary, so this says where the
 * print put those elements: exactly, fragmentation and all.
 */
export function namedDestinationPages(bytes: Uint8Array): Map<string, number> {
  // Through the cross-reference table, decoding only the objects walked; a whole-file scan when it is not Skia's.
  const xref = crossReference(bytes);
  const text = xref ? "" : binaryString(bytes);
  const body = xref ? (number: number) => objectAt(bytes, xref, number)?.text ?? "" : objectBodies(text);
  const catalog = body(
    reference(xref ? xref.section.slice(xref.trailerAt) : text.slice(text.lastIndexOf("trailer")), "Root"),
  );
  const pageNumbers = new Map<number, number>();
  const walk = (node: number): void => {
    const kids = /\/Kids\s*\[([^\]]*)\]/.exec(body(node))?.[1];
    if (kids === undefined) pageNumbers.set(node, pageNumbers.size + 1);
    else for (const kid of kids.matchAll(/(\d+)\s+0\s+R/g)) walk(Number(kid[1]));
  };
  walk(reference(catalog, "Pages"));
  const destsRef = reference(catalog, "Dests");
  const dests = Number.isNaN(destsRef) ? "" : body(destsRef);
  const pages = new Map<string, number>();
  for (const [, name, page] of dests.matchAll(/\/([^\s/[\]<>()]+)\s*\[\s*(\d+)\s+0\s+R/g)) {
    const at = pageNumbers.get(Number(page));
    if (at !== undefined) pages.set(decodeName(name!), at);
  }
  return pages;
}
