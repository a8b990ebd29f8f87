// One incremental update appended to a finished PDF (docs/signing.md): the original bytes stay a prefix of the file,
// the objects the update adds or changes follow, then a cross-reference section of the kind the file already ends
// with (a table after a table, a stream after a stream) whose trailer points back at the original's with /Prev.

import type { PDFContext } from "@cantoo/pdf-lib";
import { PDFCrossRefStream, PDFDict, PDFName, PDFNumber, type PDFObject, type PDFRef } from "@cantoo/pdf-lib";
import { concatBytes, latin1Bytes } from "../../../lib/bytes";

/** An object of the update: a pdf-lib object, or bytes written for it (the signature dictionary's placeholders). */
export interface UpdateObject {
  ref: PDFRef;
  body: PDFObject | Uint8Array;
}

const latin1Text = (bytes: Uint8Array) => Array.from(bytes, (byte) => String.fromCharCode(byte)).join("");

/** Where the original's last cross-reference section starts, from its closing `startxref`. */
function previousSection(original: Uint8Array): number {
  const tail = latin1Text(original.subarray(Math.max(0, original.length - 1024)));
  const match = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!match) throw new Error("the finished PDF does not end with startxref and %%EOF");
  return Number(match[1]);
}

function objectBytes({ ref, body }: UpdateObject): Uint8Array {
  let content = body;
  if (!(content instanceof Uint8Array)) {
    const bytes = new Uint8Array(content.sizeInBytes());
    content.copyBytesInto(bytes, 0);
    content = bytes;
  }
  const head = latin1Bytes(`${ref.objectNumber} ${ref.generationNumber} obj\n`);
  return concatBytes([head, content, latin1Bytes("\nendobj\n")]);
}

/** The trailer keys the update carries on: the catalog, the information dictionary and the file identifier. */
function trailerEntries(context: PDFContext, previous: number, size: number): Map<string, PDFObject> {
  const { Root, Info, ID, Size } = context.trailerInfo;
  // The original's /Size may count free numbers past its last object: a trailer's /Size never shrinks.
  const entries = new Map<string, PDFObject>([["Size", PDFNumber.of(Math.max(size, Size?.asNumber() ?? 0))]]);
  if (Root) entries.set("Root", Root);
  if (Info) entries.set("Info", Info);
  if (ID) entries.set("ID", ID);
  entries.set("Prev", PDFNumber.of(previous));
  return entries;
}

function xrefTable(offsets: Array<[PDFRef, number]>): string {
  const lines: string[] = ["xref"];
  let run: Array<[PDFRef, number]> = [];
  const flush = () => {
    if (!run[0]) return;
    lines.push(`${run[0][0].objectNumber} ${run.length}`);
    for (const [ref, offset] of run)
      lines.push(`${String(offset).padStart(10, "0")} ${String(ref.generationNumber).padStart(5, "0")} n\r`);
    run = [];
  };
  for (const entry of offsets) {
    const last = run.at(-1);
    if (last && entry[0].objectNumber !== last[0].objectNumber + 1) flush();
    run.push(entry);
  }
  flush();
  return `${lines.join("\n")}\n`;
}

function dictOf(context: PDFContext, entries: Map<string, PDFObject>): PDFDict {
  const dict = PDFDict.withContext(context);
  for (const [key, value] of entries) dict.set(PDFName.of(key), value);
  return dict;
}

/**
 * The original followed by `objects` and their cross-reference section. `context` is the loaded original's, whose
 * largest object number already counts every new object.
 */
export function appendUpdate(original: Uint8Array, objects: UpdateObject[], context: PDFContext): Uint8Array {
  const previous = previousSection(original);
  const streamed = latin1Text(original.subarray(previous, previous + 4)) !== "xref";
  const prefix = original.at(-1) === 0x0a ? original : concatBytes([original, latin1Bytes("\n")]);
  const parts: Uint8Array[] = [prefix];
  let offset = prefix.length;
  const offsets: Array<[PDFRef, number]> = [];
  for (const object of [...objects].sort((a, b) => a.ref.objectNumber - b.ref.objectNumber)) {
    const bytes = objectBytes(object);
    offsets.push([object.ref, offset]);
    parts.push(bytes);
    offset += bytes.length;
  }
  if (streamed) {
    const ref = context.nextRef();
    const stream = PDFCrossRefStream.create(dictOf(context, trailerEntries(context, previous, ref.objectNumber + 1)));
    for (const [entry, at] of [...offsets, [ref, offset] as [PDFRef, number]]) stream.addUncompressedEntry(entry, at);
    parts.push(objectBytes({ ref, body: stream }), latin1Bytes(`startxref\n${offset}\n%%EOF\n`));
  } else {
    const trailer = dictOf(context, trailerEntries(context, previous, context.largestObjectNumber + 1));
    parts.push(latin1Bytes(`${xrefTable(offsets)}trailer\n${trailer.toString()}\nstartxref\n${offset}\n%%EOF\n`));
  }
  return concatBytes(parts);
}
