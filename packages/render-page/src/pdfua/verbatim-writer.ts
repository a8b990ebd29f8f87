// The mended file written (docs/accessibility.md#in-a-render): byte for byte what pdf-lib's writer writes for the
// document, every object nothing changed copied from the file read in one call rather than through an object of
// pdf-lib's each, and the cross-reference table written entry by entry into the file's one buffer.
import { type PDFContext, type PDFObject, type PDFRef, PDFTrailer, PDFTrailerDict } from "@cantoo/pdf-lib";

/** The file as read: each object read by number, where its bytes lie, and the numbers of those changed since. */
export interface ReadFile {
  readonly bytes: Uint8Array;
  readonly objects: PDFObject[];
  readonly spans: number[];
  readonly changed: Set<number>;
  /** Objects read from bytes of their own rather than the file's (normalized-read.ts), by number. */
  readonly replaced: Map<number, Uint8Array>;
}

const ENDOBJ = Array.from("\nendobj\n\n", (c) => c.charCodeAt(0));
/** The first entry of a table: object 0, the head of the free list. */
const FREE_HEAD = "0000000000 65535 f \n";

function writeAscii(buffer: Uint8Array, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) buffer[at + i] = text.charCodeAt(i);
  return at + text.length;
}

/** `value` in `width` digits, zeros before, as an entry of the table writes its offset and generation. */
function writeDigits(buffer: Uint8Array, at: number, value: number, width: number): number {
  let rest = value;
  for (let i = width - 1; i >= 0; i--) {
    buffer[at + i] = 0x30 + (rest % 10);
    rest = Math.floor(rest / 10);
  }
  return at + width;
}

/** The object's own bytes when it is the one read and nothing changed it, else null: pdf-lib writes it. */
function readBytes(file: ReadFile, ref: PDFRef, object: PDFObject): Uint8Array | null {
  const n = ref.objectNumber;
  if (ref.generationNumber !== 0 || file.objects[n] !== object || file.changed.has(n)) return null;
  return file.replaced.get(n) ?? file.bytes.subarray(file.spans[2 * n], file.spans[2 * n + 1]);
}

/** A subsection of the table: the entries `from` to `to` (exclusive), after object 0's free entry when `free`. */
interface TableRun {
  from: number;
  to: number;
  free: boolean;
  line: string;
}

/** Runs of consecutive numbers, as pdf-lib's table groups them: object 0's free entry starts the first. */
function tableRuns(numbers: number[]): TableRun[] {
  const runs: TableRun[] = [];
  const free = numbers[0] === 1;
  if (!free) runs.push({ from: 0, to: 0, free: true, line: "0 1\n" });
  let from = 0;
  for (let i = 1; i <= numbers.length; i++) {
    if (i < numbers.length && (numbers[i] as number) - (numbers[i - 1] as number) === 1) continue;
    const withFree = free && from === 0;
    const line = withFree ? `0 ${i - from + 1}\n` : `${numbers[from]} ${i - from}\n`;
    runs.push({ from, to: i, free: withFree, line });
    from = i;
  }
  return runs;
}

/** The document as pdf-lib's writer writes it whole: header, objects by number, table, trailer. */
export function writeVerbatim(context: PDFContext, file: ReadFile): Uint8Array {
  const entries = context.enumerateIndirectObjects();
  const read = entries.map(([ref, object]) => readBytes(file, ref, object));
  const heads = entries.map(([ref]) => `${ref.objectNumber} ${ref.generationNumber} obj\n`);
  const header = context.header;
  let size = header.sizeInBytes() + 2;
  const offsets = entries.map(([, object], i) => {
    const at = size;
    size += (heads[i] as string).length + (read[i]?.length ?? object.sizeInBytes()) + ENDOBJ.length;
    return at;
  });
  const runs = tableRuns(entries.map(([ref]) => ref.objectNumber));
  const generations = entries.map(([ref]) => ref.generationNumber);
  const xrefAt = size;
  size += 5 + runs.reduce((sum, run) => sum + run.line.length, 0) + 20 * (entries.length + 1) + 1;
  const largest = context.largestObjectNumber;
  const trailerDict = PDFTrailerDict.of(
    context.obj({
      Size: largest + (largest === 0 ? 0 : 1),
      Root: context.trailerInfo.Root,
      Encrypt: context.trailerInfo.Encrypt,
      Info: context.trailerInfo.Info,
      ID: context.trailerInfo.ID,
    }),
  );
  const trailer = PDFTrailer.forLastCrossRefSectionOffset(xrefAt);
  size += trailerDict.sizeInBytes() + 2 + trailer.sizeInBytes();

  const buffer = new Uint8Array(size);
  let at = header.copyBytesInto(buffer, 0);
  buffer[at++] = 0x0a;
  buffer[at++] = 0x0a;
  entries.forEach(([, object], i) => {
    at = writeAscii(buffer, at, heads[i] as string);
    const bytes = read[i];
    if (bytes) {
      buffer.set(bytes, at);
      at += bytes.length;
    } else at += object.copyBytesInto(buffer, at);
    buffer.set(ENDOBJ, at);
    at += ENDOBJ.length;
  });
  at = writeAscii(buffer, at, "xref\n");
  for (const run of runs) {
    at = writeAscii(buffer, at, run.line);
    if (run.free) at = writeAscii(buffer, at, FREE_HEAD);
    for (let i = run.from; i < run.to; i++) {
      at = writeDigits(buffer, at, offsets[i] as number, 10);
      buffer[at++] = 0x20;
      at = writeDigits(buffer, at, generations[i] as number, 5);
      at = writeAscii(buffer, at, " n \n");
    }
  }
  buffer[at++] = 0x0a;
  at += trailerDict.copyBytesInto(buffer, at);
  buffer[at++] = 0x0a;
  buffer[at++] = 0x0a;
  trailer.copyBytesInto(buffer, at);
  return buffer;
}
