// A dictionary Folio's reader made (object-lexer.ts): pdf-lib's own class, holding its entries as keys and values in
// turn rather than in a Map until something asks for one. A tagged file is thousands of small dictionaries (a
// structure element has four to six entries), read once and looked up by a few keys: a Map each, grown as it is
// filled, was a fifth of the read and much of what the collector copies. What asks for a value, or for them all, gets
// it read (read-containers.ts), never the bytes; a dictionary of more entries than a few is a Map from the start.
import { type PDFContext, PDFDict, type PDFName, PDFNull, type PDFObject } from "@cantoo/pdf-lib";
import { readEntries, UnreadValue } from "./read-containers.ts";

/** Past this many entries a dictionary is a Map: finding a key in the list costs as many comparisons. */
export const MAX_LISTED_ENTRIES = 12;

/** Where `key` stands in `listed` (keys and values in turn), -1 when it does not. */
export function listedKey(listed: PDFObject[], key: PDFName): number {
  for (let i = 0; i < listed.length; i += 2) if (listed[i] === key) return i;
  return -1;
}

/** `listed` as [key, value] pairs. */
function listedPairs(listed: PDFObject[]): [PDFName, PDFObject][] {
  const pairs: [PDFName, PDFObject][] = [];
  for (let i = 0; i < listed.length; i += 2) pairs.push([listed[i] as PDFName, listed[i + 1] as PDFObject]);
  return pairs;
}

/** A dictionary's entries as read: keys and values in turn, or a Map past MAX_LISTED_ENTRIES. */
export type ReadEntries = PDFObject[] | Map<PDFName, PDFObject>;

/** `entries` with `key` set to `value`: a later value of a key replaces the earlier, in its place, as in a Map. */
export function withEntry(entries: ReadEntries, key: PDFName, value: PDFObject): ReadEntries {
  if (entries instanceof Map) return entries.set(key, value);
  const at = listedKey(entries, key);
  if (at >= 0) entries[at + 1] = value;
  else if (entries.length < 2 * MAX_LISTED_ENTRIES) entries.push(key, value);
  else return new Map([...listedPairs(entries), [key, value]]);
  return entries;
}

/** The value of `key` among `entries`, as it stands (bytes left unread stay so). */
export function entryIn(entries: ReadEntries, key: PDFName): PDFObject | undefined {
  if (entries instanceof Map) return entries.get(key);
  const at = listedKey(entries, key);
  return at < 0 ? undefined : entries[at + 1];
}

/** The entries as a Map (the one they are, or a new one). */
export const entriesMap = (entries: ReadEntries) => (entries instanceof Map ? entries : new Map(listedPairs(entries)));

/** pdf-lib's constructor takes a Map; ReadDict keeps its entries itself until one is asked for (the `dict` below). */
const PdfDict = PDFDict as unknown as new (map: Map<PDFName, PDFObject> | undefined, context: PDFContext) => PDFDict;

export class ReadDict extends PdfDict {
  readonly owner: number;
  /** Keys and values in turn, while no Map was asked for; null once one was. */
  private listed: PDFObject[] | null;
  private mapped: Map<PDFName, PDFObject> | undefined;

  /** `entries`: keys and values in turn (no key twice, at most MAX_LISTED_ENTRIES), or a Map. */
  constructor(entries: ReadEntries, context: PDFContext, owner: number) {
    super(undefined, context);
    this.owner = owner;
    this.listed = entries instanceof Map ? null : entries;
    this.mapped = entries instanceof Map ? entries : undefined;
  }

  /** The entries as a Map, made once: from then on the dictionary is pdf-lib's own. */
  private asOwnMap(): Map<PDFName, PDFObject> {
    if (this.mapped) return this.mapped;
    const map = entriesMap(this.listed ?? []) as Map<PDFName, PDFObject>;
    this.mapped = map;
    this.listed = null;
    return map;
  }

  /** The value at `at` in the list, read in place when it is still bytes (no change: the file holds it). */
  private readValueAt(listed: PDFObject[], at: number): PDFObject {
    const value = listed[at] as PDFObject;
    if (!(value instanceof UnreadValue)) return value;
    const read = value.value();
    listed[at] = read;
    return read;
  }

  override get(key: PDFName, preservePDFNull = false): PDFObject | undefined {
    const listed = this.listed;
    let value: PDFObject | undefined;
    if (listed) {
      const at = listedKey(listed, key);
      value = at < 0 ? undefined : this.readValueAt(listed, at + 1);
    } else {
      value = this.asOwnMap().get(key);
      if (value instanceof UnreadValue) {
        value = value.value();
        this.asOwnMap().set(key, value);
      }
    }
    return value === PDFNull && !preservePDFNull ? undefined : value;
  }

  override has(key: PDFName): boolean {
    const listed = this.listed;
    const at = listed ? listedKey(listed, key) : -1;
    const value = listed ? (at < 0 ? undefined : listed[at + 1]) : this.asOwnMap().get(key);
    return value !== undefined && value !== PDFNull;
  }

  override set(key: PDFName, value: PDFObject): void {
    this.registerChange();
    const listed = this.listed;
    const at = listed ? listedKey(listed, key) : -1;
    if (listed && at >= 0) listed[at + 1] = value;
    else if (listed && listed.length < 2 * MAX_LISTED_ENTRIES) listed.push(key, value);
    else this.asOwnMap().set(key, value);
  }

  override delete(key: PDFName): boolean {
    this.registerChange();
    const listed = this.listed;
    if (!listed) return this.asOwnMap().delete(key);
    const at = listedKey(listed, key);
    if (at >= 0) listed.splice(at, 2);
    return at >= 0;
  }

  override entries(): [PDFName, PDFObject][] {
    const listed = this.listed;
    if (!listed) return Array.from(readEntries(this.asOwnMap()).entries());
    const entries: [PDFName, PDFObject][] = [];
    for (let i = 0; i < listed.length; i += 2) entries.push([listed[i] as PDFName, this.readValueAt(listed, i + 1)]);
    return entries;
  }

  override keys(): PDFName[] {
    const listed = this.listed;
    if (!listed) return Array.from(this.asOwnMap().keys());
    const keys: PDFName[] = [];
    for (let i = 0; i < listed.length; i += 2) keys.push(listed[i] as PDFName);
    return keys;
  }

  override values(): PDFObject[] {
    return this.entries().map(([, value]) => value);
  }

  override asMap(): Map<PDFName, PDFObject> {
    return new Map(this.entries());
  }
}

// pdf-lib's own methods (those not overridden above, and any a later version adds) reach the entries through `dict`:
// they get the Map, made then. Its constructor's assignment of it is the one ReadDict's constructor replaces.
Object.defineProperty(ReadDict.prototype, "dict", {
  get(this: ReadDict) {
    return (this as unknown as { asOwnMap(): Map<PDFName, PDFObject> }).asOwnMap();
  },
  set() {},
});
