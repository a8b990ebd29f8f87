// Reading and normalizing Chromium's PDFs without a PDF library: Skia writes the trailer, the info
// dictionary and the page tree as plain (uncompressed) objects, so they can be found and patched in
// place. Import-free, so the render backend shares it.

/** One char per byte. (TextDecoder's "latin1" is really windows-1252, which would remap 0x80-0x9f.) */
export function binaryString(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 0x8000) out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return out;
}

/** The /Count of the root page tree: the number of pages Chromium produced. */
export function pdfPageCount(bytes: Uint8Array): number {
  const text = binaryString(bytes);
  let best = 0;
  for (const match of text.matchAll(/\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)|\/Count\s+(\d+)[^>]*?\/Type\s*\/Pages\b/g)) {
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
 */
export function normalizePdf(bytes: Uint8Array, documentId: string, metadata: PdfMetadata = {}): Uint8Array {
  const text = binaryString(bytes);
  const startxrefAt = text.lastIndexOf("startxref");
  const xrefOffset = Number(/startxref\s+(\d+)/.exec(text.slice(startxrefAt))?.[1]);
  const trailerAt = text.lastIndexOf("trailer");
  const infoRef = /\/Info\s+(\d+)\s+0\s+R/.exec(text.slice(trailerAt));
  if (startxrefAt < 0 || trailerAt < 0 || !infoRef || !Number.isFinite(xrefOffset) || !text.startsWith("xref", xrefOffset)) {
    throw new Error("unexpected PDF structure: no classic xref table with an /Info entry");
  }
  const infoNumber = Number(infoRef[1]);
  const objectAt = text.search(new RegExp(`(^|[\\r\\n])${infoNumber} 0 obj`));
  const objectStart = text[objectAt] === "\n" || text[objectAt] === "\r" ? objectAt + 1 : objectAt;
  const objectEnd = text.indexOf("endobj", objectStart) + "endobj".length;
  const oldObject = text.slice(objectStart, objectEnd);

  const entries: Array<[string, string | undefined]> = [
    ["Title", metadata.title ?? readLiteral(oldObject, "Title")],
    ["Author", metadata.author],
    ["Subject", metadata.subject],
    ["Keywords", metadata.keywords],
    ["Creator", metadata.creator ?? "Folio"],
    ["Producer", "Folio (Chromium)"],
  ];
  const body = entries.filter(([, v]) => v !== undefined && v !== "").map(([k, v]) => `/${k} ${pdfString(v!)}`).join("\n");
  const newObject = `${infoNumber} 0 obj\n<<${body}>>\nendobj`;
  const delta = newObject.length - oldObject.length;

  const xrefHead = /^xref\s+(\d+)\s+(\d+)\s*\r?\n/.exec(text.slice(xrefOffset, xrefOffset + 64))!;
  const count = Number(xrefHead[2]);
  const entriesAt = xrefOffset + xrefHead[0].length;
  const table = text.slice(entriesAt, entriesAt + count * 20).replace(/(\d{10}) (\d{5}) n/g, (entry, offset: string, generation: string) => {
    const value = Number(offset);
    return value > objectStart ? `${String(value + delta).padStart(10, "0")} ${generation} n` : entry;
  });
  const id = `<${documentId.slice(0, 32).toUpperCase()}>`;
  const trailer = text
    .slice(trailerAt, startxrefAt)
    .replace(/\/ID\s*\[[^\]]*\]\s*/, "")
    .replace(/>>\s*$/, `\n/ID [${id} ${id}]>>\n`);
  const out =
    text.slice(0, objectStart) + newObject + text.slice(objectEnd, entriesAt) + table + text.slice(entriesAt + count * 20, trailerAt) + trailer + `startxref\n${xrefOffset + delta}\n%%EOF\n`;
  const result = new Uint8Array(out.length);
  for (let i = 0; i < out.length; i++) result[i] = out.charCodeAt(i);
  return result;
}

/** Where each object's body starts, by object number (Skia writes every object plainly, none in object streams). */
function objectBodies(text: string): (number: number) => string {
  const starts = new Map<number, number>();
  for (const match of text.matchAll(/(?:^|[\r\n])(\d+) 0 obj\b/g)) starts.set(Number(match[1]), match.index! + match[0].length);
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
  const text = binaryString(bytes);
  const body = objectBodies(text);
  const root = Number(/\/Root\s+(\d+)\s+0\s+R/.exec(text.slice(text.lastIndexOf("trailer")))?.[1]);
  const catalog = body(root);
  const pageNumbers = new Map<number, number>();
  const walk = (node: number): void => {
    const kids = /\/Kids\s*\[([^\]]*)\]/.exec(body(node))?.[1];
    if (kids === undefined) pageNumbers.set(node, pageNumbers.size + 1);
    else for (const kid of kids.matchAll(/(\d+)\s+0\s+R/g)) walk(Number(kid[1]));
  };
  walk(Number(/\/Pages\s+(\d+)\s+0\s+R/.exec(catalog)?.[1]));
  const destsRef = /\/Dests\s+(\d+)\s+0\s+R/.exec(catalog)?.[1];
  const dests = destsRef === undefined ? "" : body(Number(destsRef));
  const pages = new Map<string, number>();
  for (const [, name, page] of dests.matchAll(/\/([^\s/[\]<>()]+)\s*\[\s*(\d+)\s+0\s+R/g)) {
    const at = pageNumbers.get(Number(page));
    if (at !== undefined) pages.set(decodeName(name!), at);
  }
  return pages;
}
