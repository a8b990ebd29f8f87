// Bytes as PDF's lexical conventions (ISO 32000-1 7.2) and pdf-lib's strings see them.

/** White space (7.2.2) and delimiters, as a table asked of every byte: 1 space, 2 delimiter. */
export const CLASS = new Uint8Array(256);
for (const c of [0x20, 0x0a, 0x0d, 0x09, 0x0c, 0x00]) CLASS[c] = 1;
for (const c of "()<>[]{}/%") CLASS[c.charCodeAt(0)] = 2;
export const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
/** Bytes as pdf-lib holds them in a string: one char per byte (a latin1 TextDecoder would remap 0x80-0x9F). */
export function byteString(bytes: Uint8Array, from: number, to: number): string {
  let text = "";
  for (let at = from; at < to; at += 8192) {
    text += String.fromCharCode.apply(null, bytes.subarray(at, Math.min(to, at + 8192)) as unknown as number[]);
  }
  return text;
}

function sameBytes(pooled: Uint8Array, bytes: Uint8Array, start: number): boolean {
  for (let i = 0; i < pooled.length; i++) if (pooled[i] !== bytes[start + i]) return false;
  return true;
}

/**
 * Values made once per run of bytes (a name a file repeats thousands of times), found by the hash of those bytes the
 * reader computed as it read them: the first run met with a hash keeps it, and past `max` runs a value is made afresh.
 */
export class BytePool<T> {
  private readonly pool = new Map<number, { bytes: Uint8Array; value: T }>();
  private readonly max: number;
  // Assigned by hand: the render backend runs this file with Node's type stripping, which has no parameter properties.
  constructor(max: number) {
    this.max = max;
  }

  /** The value for `bytes[start, end)`, whose hash is `hash`, made by `make` from its text when not pooled. */
  get(bytes: Uint8Array, start: number, end: number, hash: number, make: (text: string) => T): T {
    const pooled = this.pool.get(hash);
    if (pooled && pooled.bytes.length === end - start && sameBytes(pooled.bytes, bytes, start)) return pooled.value;
    const value = make(byteString(bytes, start, end));
    if (!pooled && this.pool.size < this.max) this.pool.set(hash, { bytes: bytes.slice(start, end), value });
    return value;
  }
}

/** Where the literal string opening at `at` closes (its `)`), past escapes and balanced parentheses; -1 if never. */
export function literalEnd(bytes: Uint8Array, at: number): number {
  let depth = 0;
  for (let i = at; i < bytes.length; i++) {
    const c = bytes[i];
    if (c === 0x5c) i++;
    else if (c === 0x28) depth++;
    else if (c === 0x29 && --depth === 0) return i;
  }
  return -1;
}

/** Thrown where a reader meets what it does not expect: the caller reads the file another way. */
export class UnexpectedSyntax extends Error {}

/** A position in a file's bytes, and the steps every reader of PDF syntax takes. */
export class ByteCursor {
  at = 0;
  readonly bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }

  fail(what: string): never {
    throw new UnexpectedSyntax(`${what} at byte ${this.at}`);
  }

  /** Past white space and comments. */
  skipSpace(): void {
    const { bytes } = this;
    const end = bytes.length;
    while (this.at < end) {
      const c = bytes[this.at] as number;
      if (CLASS[c] === 1) this.at++;
      else if (c === 0x25) while (this.at < end && bytes[this.at] !== 0x0a && bytes[this.at] !== 0x0d) this.at++;
      else return;
    }
  }

  /** Whether `word` stands at the cursor, followed by a delimiter, white space or the end; if so, past it. */
  keyword(word: string): boolean {
    const { bytes, at } = this;
    for (let i = 0; i < word.length; i++) if (bytes[at + i] !== word.charCodeAt(i)) return false;
    const after = bytes[at + word.length];
    if (after !== undefined && CLASS[after] === 0) return false;
    this.at += word.length;
    return true;
  }

  /** A non-negative integer (an object number, a length); -1 when none stands at the cursor. */
  integer(): number {
    const { bytes } = this;
    const start = this.at;
    let value = 0;
    while (isDigit(bytes[this.at] ?? -1)) value = value * 10 + ((bytes[this.at++] as number) - 0x30);
    return this.at === start ? -1 : value;
  }

  /** Past the array or dictionary at the cursor and all it holds, as a reader of it would end, reading nothing. */
  skipContainer(): void {
    const { bytes } = this;
    let depth = 0;
    do {
      const c = bytes[this.at];
      if (c === undefined) this.fail("An unclosed array or dictionary");
      const double = bytes[this.at + 1] === c;
      if (c === 0x28) {
        const end = literalEnd(bytes, this.at);
        if (end < 0) this.fail("An unbalanced string");
        this.at = end + 1;
      } else if (c === 0x25) this.skipSpace();
      else if (c === 0x5b || c === 0x5d) {
        depth += c === 0x5b ? 1 : -1;
        this.at++;
      } else if (c === 0x3c && !double) {
        // A hexadecimal string: `<>` and `<…>>>` close it, then their dictionary.
        const end = bytes.indexOf(0x3e, this.at);
        if (end < 0) this.fail("An unclosed hexadecimal string");
        this.at = end + 1;
      } else if (c === 0x3c || c === 0x3e) {
        if (!double) this.fail("An unclosed dictionary");
        depth += c === 0x3c ? 1 : -1;
        this.at += 2;
      } else this.at++;
    } while (depth > 0);
  }
}
