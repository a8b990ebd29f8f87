// The dictionaries and arrays Folio's reader makes (object-lexer.ts): pdf-lib's own, each knowing the indirect object
// that holds it (a change to one changes that object: verbatim-pdf.ts), and a dictionary's values that the walks
// seldom read left as their bytes until asked for: a table cell's attributes (/A) are two fifths of the structure of a
// tagged invoice, and the checker reads them for a few cells (docs/accessibility.md#in-a-render).
import { PDFArray, type PDFContext, type PDFName, PDFObject } from "@cantoo/pdf-lib";

/** Reads the value whose bytes start at `start` in the file, held by indirect object `owner`. */
export interface ValueSource {
  valueAt(start: number, owner: number): PDFObject;
}

/** A value left as its bytes until asked for; written, cloned and printed as the value it holds. */
export class UnreadValue extends PDFObject {
  private read: PDFObject | undefined;
  private readonly source: ValueSource;
  private readonly start: number;
  private readonly owner: number;

  constructor(source: ValueSource, start: number, owner: number) {
    super();
    this.source = source;
    this.start = start;
    this.owner = owner;
  }

  value(): PDFObject {
    this.read ??= this.source.valueAt(this.start, this.owner);
    return this.read;
  }

  override clone(context?: PDFContext): PDFObject {
    return this.value().clone(context);
  }

  override toString(): string {
    return this.value().toString();
  }

  override sizeInBytes(): number {
    return this.value().sizeInBytes();
  }

  override copyBytesInto(buffer: Uint8Array, offset: number): number {
    return this.value().copyBytesInto(buffer, offset);
  }
}

/** pdf-lib's types call PDFArray's constructor private; it is the one `withContext` calls. */
const ArrayClass = PDFArray as unknown as new (context: PDFContext) => PDFArray;

/** An array read from the file. */
export class ReadArray extends ArrayClass {
  readonly owner: number;
  /** While the reader fills it with what the file holds: no change (a value read late is read so too). */
  private filling = true;

  constructor(context: PDFContext, owner: number) {
    super(context);
    this.owner = owner;
  }

  /** The array holds what the file does: what is pushed or set from now on changes it. */
  filled(): this {
    this.filling = false;
    return this;
  }

  override registerChange(): void {
    if (!this.filling) super.registerChange();
  }
}

/** A dictionary's entries with every value read: pdf-lib's own classes (catalog, pages) know nothing of bytes. */
export function readEntries(map: Map<PDFName, PDFObject>): Map<PDFName, PDFObject> {
  for (const [key, value] of map) if (value instanceof UnreadValue) map.set(key, value.value());
  return map;
}
