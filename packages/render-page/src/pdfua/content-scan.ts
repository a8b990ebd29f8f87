// The bytes of a content stream as PDF's lexical conventions cut them (ISO 32000-1 7.2): white space and
// comments, regular words, numbers, and the strings and containers a reader may step over unread.

import { ByteCursor, CLASS, literalEnd } from "./pdf-bytes.ts";

const isSpace = (c: number | undefined) => c !== undefined && CLASS[c] === 1;
export const ends = (c: number | undefined) => c === undefined || CLASS[c] !== 0;

/** The cursor (pdf-bytes.ts) with the steps a content stream's reader adds: words, numbers, what it steps over. */
export class ByteScanner extends ByteCursor {
  /** A regular word (an operator, a keyword, a name's text); built char by char, since most are one to three long. */
  word(): string {
    let text = "";
    for (; this.at < this.bytes.length; this.at++) {
      const c = this.bytes[this.at];
      if (c === undefined || ends(c)) break;
      text += String.fromCharCode(c);
    }
    return text;
  }

  /** A number, read without making a string of it: content streams are mostly coordinates. */
  number(): number | undefined {
    const { bytes } = this;
    const start = this.at;
    let sign = 1;
    if (bytes[this.at] === 0x2d || bytes[this.at] === 0x2b) sign = bytes[this.at++] === 0x2d ? -1 : 1;
    let value = 0;
    let scale = 0;
    let digits = 0;
    for (; this.at < bytes.length; this.at++) {
      const c = bytes[this.at] ?? 0;
      if (c >= 0x30 && c <= 0x39) {
        value = value * 10 + (c - 0x30);
        if (scale) scale *= 10;
        digits++;
      } else if (c === 0x2e && !scale) scale = 1;
      else break;
    }
    if (digits === 0 || !ends(bytes[this.at])) {
      this.at = start;
      return undefined;
    }
    return (sign * value) / (scale || 1);
  }

  /** A literal string: balanced parentheses, backslash escapes; an unbalanced one runs to the end. */
  skipLiteral(): "" {
    const end = literalEnd(this.bytes, this.at);
    this.at = end < 0 ? this.bytes.length : end + 1;
    return "";
  }

  /** Past an inline image's data: to the `EI` that stands alone after `ID`. */
  skipInlineImage(): void {
    const { bytes } = this;
    this.at++;
    for (; this.at < bytes.length - 1; this.at++) {
      if (bytes[this.at] === 0x45 && bytes[this.at + 1] === 0x49 && isSpace(bytes[this.at - 1])) {
        const after = bytes[this.at + 2];
        if (after === undefined || isSpace(after)) {
          this.at += 2;
          return;
        }
      }
    }
    this.at = bytes.length;
  }

  /** Past the container just opened and its closing bracket, counting brackets, without reading what it holds. */
  skipNested(): void {
    const { bytes } = this;
    for (let open = 1; this.at < bytes.length && open > 0; ) {
      const c = bytes[this.at];
      const pair = (c === 0x3c || c === 0x3e) && bytes[this.at + 1] === c;
      if (c === 0x28) this.skipLiteral();
      else if (c === 0x5b || (pair && c === 0x3c)) open++;
      else if (c === 0x5d || (pair && c === 0x3e)) open--;
      if (c !== 0x28) this.at += pair ? 2 : 1;
    }
  }
}
