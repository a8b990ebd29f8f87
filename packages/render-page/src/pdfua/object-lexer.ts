// PDF objects (ISO 32000-1 7.3) read from bytes into pdf-lib's object model, as pdf-lib's own parser would read
// them, several times faster: one loop over the bytes, names and references pooled by what they are, no string built
// for a number. Anything it does not expect throws UnexpectedSyntax, and the caller reads the file with pdf-lib. A
// value left unread (UNREAD_KEY) is only stepped over, its brackets and strings balanced; what it holds that the
// reader does not expect fails the job when something reads it (Chromium writes none).
import {
  type PDFArray,
  PDFBool,
  PDFCatalog,
  type PDFContext,
  type PDFDict,
  PDFHexString,
  PDFName,
  PDFNull,
  PDFNumber,
  type PDFObject,
  PDFPageLeaf,
  PDFPageTree,
  PDFRef,
  PDFString,
} from "@cantoo/pdf-lib";
import { ByteCursor, BytePool, byteString, CLASS, isDigit, literalEnd } from "./pdf-bytes.ts";
import { ReadArray, readEntries, UnreadValue, type ValueSource } from "./read-containers.ts";
import { entriesMap, entryIn, ReadDict, type ReadEntries, withEntry } from "./read-dict.ts";

const TYPE = PDFName.of("Type");

/** The key whose array or dictionary is left as its bytes until asked for (read-containers.ts): attributes, actions. */
const UNREAD_KEY = PDFName.of("A");

/** pdf-lib reads these dictionaries as its own classes, whose methods the pages and catalog are used through. */
const CLASSES = new Map<PDFName, { fromMapWithContext(map: Map<PDFName, PDFObject>, context: PDFContext): PDFDict }>([
  [PDFName.of("Catalog"), PDFCatalog],
  [PDFName.of("Pages"), PDFPageTree],
  [PDFName.of("Page"), PDFPageLeaf],
]);

/** pdf-lib's numbers never change once made: the small integers (MCIDs, counts) are shared. */
const SMALL_INTEGERS = Array.from({ length: 1024 }, (_, n) => PDFNumber.of(n));
/**
 * References of generation 0 by object number, across documents: pdf-lib pools every reference for good, keyed by a
 * string it builds on each PDFRef.of call, and a tagged file names each of its thousands of objects at least twice.
 */
const REFS: PDFRef[] = [];
const MAX_POOLED_REF = 1 << 20;

/** The reference `PDFRef.of` answers (pdf-lib pools one per number and generation), without the key it builds. */
export function pooledRef(objectNumber: number, generation: number): PDFRef {
  if (generation !== 0 || objectNumber >= MAX_POOLED_REF) return PDFRef.of(objectNumber, generation);
  let ref = REFS[objectNumber];
  if (!ref) {
    ref = PDFRef.of(objectNumber, 0);
    REFS[objectNumber] = ref;
  }
  return ref;
}

export class ObjectLexer extends ByteCursor implements ValueSource {
  readonly context: PDFContext;
  /** The catalog and the page tree's dictionaries (pdf-lib's own classes), with the number of their object. */
  private readonly classOwners = new Map<PDFObject, number>();
  /** The indirect object being read. */
  owner = 0;
  /** Names by their bytes, however many a file holds. */
  private readonly names = new BytePool<PDFName>(Number.POSITIVE_INFINITY);

  constructor(bytes: Uint8Array, context: PDFContext) {
    super(bytes);
    this.context = context;
  }

  /** A name, pooled by its bytes: no string is made for one met before. */
  name(): PDFName {
    const { bytes } = this;
    const start = ++this.at;
    let hash = 0;
    for (let c = bytes[this.at] ?? 0x20; CLASS[c] === 0; c = bytes[++this.at] ?? 0x20) hash = (hash * 31 + c) | 0;
    // PDFName.of decodes #xx escapes, pooled by the decoded name.
    return this.names.get(bytes, start, this.at, hash, PDFName.of);
  }

  /** A number, or a reference `n g R`; an integer read without making a string of it. */
  numberOrRef(): PDFNumber | PDFRef {
    const { bytes } = this;
    const start = this.at;
    const integer = this.integer();
    const c = bytes[this.at] ?? 0x20;
    if (integer < 0 || c === 0x2e) return this.real(start);
    if (CLASS[c] === 0) this.fail("A malformed number");
    const after = this.at;
    this.skipSpace();
    const generation = this.integer();
    if (generation >= 0) {
      this.skipSpace();
      if (this.keyword("R")) return pooledRef(integer, generation);
    }
    this.at = after;
    return integer < SMALL_INTEGERS.length ? (SMALL_INTEGERS[integer] as PDFNumber) : PDFNumber.of(integer);
  }

  /** A signed or fractional number, from its text as pdf-lib reads it. */
  real(start: number): PDFNumber {
    const { bytes } = this;
    this.at = start;
    if (bytes[this.at] === 0x2b || bytes[this.at] === 0x2d) this.at++;
    let point = false;
    for (let c = bytes[this.at] ?? -1; isDigit(c) || (c === 0x2e && !point); c = bytes[++this.at] ?? -1)
      if (c === 0x2e) point = true;
    const value = Number(byteString(bytes, start, this.at));
    if (Number.isNaN(value) || CLASS[bytes[this.at] ?? 0x20] === 0) this.fail("A malformed number");
    return PDFNumber.of(value);
  }

  /** A literal string, its escapes kept as written (pdf-lib decodes them when asked). */
  literal(): PDFString {
    const end = literalEnd(this.bytes, this.at);
    if (end < 0) this.fail("An unbalanced string");
    const text = byteString(this.bytes, this.at + 1, end);
    this.at = end + 1;
    return PDFString.of(text);
  }

  /** The value at `start` of object `owner`, read now; the cursor stays where it was. */
  valueAt(start: number, owner: number): PDFObject {
    const [at, holder] = [this.at, this.owner];
    [this.at, this.owner] = [start, owner];
    try {
      return this.value();
    } finally {
      [this.at, this.owner] = [at, holder];
    }
  }

  hex(): PDFHexString {
    const start = ++this.at;
    const end = this.bytes.indexOf(0x3e, start);
    if (end < 0) this.fail("An unclosed hexadecimal string");
    this.at = end + 1;
    return PDFHexString.of(byteString(this.bytes, start, end));
  }

  /** The number of the indirect object holding `object`, when it is a dictionary or an array this lexer read. */
  ownerOf(object: PDFObject): number | undefined {
    return object instanceof ReadDict || object instanceof ReadArray ? object.owner : this.classOwners.get(object);
  }

  array(): PDFArray {
    const array = new ReadArray(this.context, this.owner);
    this.at++;
    for (this.skipSpace(); this.bytes[this.at] !== 0x5d; this.skipSpace()) array.push(this.value());
    this.at++;
    return array.filled();
  }

  dict(): PDFDict {
    let entries: ReadEntries = [];
    this.at += 2;
    for (this.skipSpace(); this.bytes[this.at] !== 0x3e; this.skipSpace()) {
      if (this.bytes[this.at] !== 0x2f) this.fail("A dictionary key that is not a name");
      const key = this.name();
      this.skipSpace();
      entries = withEntry(entries, key, key === UNREAD_KEY ? this.unreadValue() : this.value());
    }
    if (this.bytes[this.at + 1] !== 0x3e) this.fail("An unclosed dictionary");
    this.at += 2;
    const type = entryIn(entries, TYPE);
    const make = type instanceof PDFName ? CLASSES.get(type) : undefined;
    if (!make) return new ReadDict(entries, this.context, this.owner);
    const dict = make.fromMapWithContext(readEntries(entriesMap(entries)), this.context);
    this.classOwners.set(dict, this.owner);
    return dict;
  }

  /** An array or dictionary left as its bytes until asked for; any other value read now. */
  private unreadValue(): PDFObject {
    const c = this.bytes[this.at];
    if (c !== 0x5b && !(c === 0x3c && this.bytes[this.at + 1] === 0x3c)) return this.value();
    const start = this.at;
    this.skipContainer();
    return new UnreadValue(this, start, this.owner);
  }

  /** The direct object at the cursor (white space before it already skipped). */
  value(): PDFObject {
    const c = this.bytes[this.at] ?? -1;
    if (c === 0x2f) return this.name();
    if (c === 0x3c) return this.bytes[this.at + 1] === 0x3c ? this.dict() : this.hex();
    if (c === 0x5b) return this.array();
    if (c === 0x28) return this.literal();
    if (isDigit(c) || c === 0x2d || c === 0x2b || c === 0x2e) return this.numberOrRef();
    if (this.keyword("true")) return PDFBool.True;
    if (this.keyword("false")) return PDFBool.False;
    if (this.keyword("null")) return PDFNull;
    return this.fail("An unexpected token");
  }
}
