// Reading Chromium's PDFs without a PDF library: Skia writes the trailer, the info dictionary and the page
// tree as plain (uncompressed) objects, found through the classic cross-reference table at the end of the file.
// Import-free: the render backend counts pages with it, the Worker's normalizer patches what it finds.

/**
 * One char per byte of `bytes[start, end)`. (TextDecoder's "latin1" is really windows-1252, which would remap
 * 0x80-0x9f.)
 */
export function binaryString(bytes: Uint8Array, start = 0, end = bytes.length): string {
  const parts: string[] = [];
  // apply() on a typed array reads it directly; spreading one walks an iterator, many times slower.
  for (let i = start; i < end; i += 0x2000)
    parts.push(String.fromCharCode.apply(null, bytes.subarray(i, Math.min(i + 0x2000, end)) as unknown as number[]));
  return parts.join("");
}

/** The classic cross-reference section Skia writes at the end: one subsection, then the trailer. */
export interface CrossReference {
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
export function crossReference(bytes: Uint8Array): CrossReference | null {
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

/**
 * Object `number`'s text, `N 0 obj` to `endobj`, with where it starts and ends in bytes; null when it is not where the
 * table says.
 */
export function objectAt(
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

/** The object number `/key N 0 R` in `text` refers to (NaN when there is none). */
export const reference = (text: string, key: string) =>
  Number(new RegExp(`/${key}\\s+(\\d+)\\s+0\\s+R`).exec(text)?.[1]);

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
