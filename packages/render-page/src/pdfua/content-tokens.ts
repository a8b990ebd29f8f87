// A content stream read as operators and their operands (ISO 32000-1 7.8.2), byte by byte: only what the checker
// needs is kept (names, numbers, dictionaries); strings are skipped over, never decoded.

import { ByteScanner, ends } from "./content-scan.ts";
import { BytePool } from "./pdf-bytes.ts";

export type Operand = number | boolean | null | { name: string } | { dict: Map<string, Operand> } | Operand[] | "";

/** Operators by their bytes (as a number, with their length), made into strings once each. */
const OPERATORS = new Map<number, string>();
/** Name operands by their bytes, never changed once made; past 4,096 a name is made afresh (a stream may name as many
 * resources as it likes). */
const NAMES = new BytePool<{ name: string }>(4096);

/** A name operand from its text, #xx escapes decoded. */
const nameOperand = (text: string) =>
  Object.freeze({
    name: text.includes("#")
      ? text.replace(/#([0-9a-fA-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)))
      : text,
  });
/** Arrays and dictionaries nested deeper than this are stepped over unread: no content stream needs them. */
const MAX_NESTING = 32;

export class Lexer extends ByteScanner {
  depth = 0;

  /** A delimiter no operand starts with, stepped over. */
  stray(): null {
    this.at++;
    return null;
  }

  /** A name, the same operand for the same bytes: a page names the same few tags and fonts thousands of times. */
  name(): { name: string } {
    const { bytes } = this;
    const start = ++this.at;
    let hash = 0;
    while (this.at < bytes.length && !ends(bytes[this.at])) hash = (hash * 31 + (bytes[this.at++] as number)) | 0;
    return NAMES.get(bytes, start, this.at, hash, nameOperand);
  }

  /** The operands up to `]` or `>>`, the opening bracket already passed. */
  items(close: number): Operand[] {
    const items: Operand[] = [];
    if (this.depth >= MAX_NESTING) {
      this.skipNested();
      return items;
    }
    this.depth++;
    for (;;) {
      this.skipSpace();
      const c = this.bytes[this.at];
      if (c === undefined || c === close) break;
      const item = this.operand();
      // A word where an operand was due (an operator inside brackets): stepped over, as a reader would.
      if (item === undefined) this.word() || this.at++;
      else items.push(item);
    }
    this.depth--;
    this.at += close === 0x3e ? 2 : 1;
    return items;
  }

  dict(): { dict: Map<string, Operand> } {
    this.at += 2;
    const items = this.items(0x3e);
    const dict = new Map<string, Operand>();
    for (let i = 0; i + 1 < items.length; i += 2) {
      const key = items[i];
      if (key && typeof key === "object" && "name" in key) dict.set(key.name, items[i + 1] ?? null);
    }
    return { dict };
  }

  array(): Operand[] {
    this.at++;
    return this.items(0x5d);
  }

  /** The next operand; undefined (position unchanged) when an operator comes next. */
  operand(): Operand | undefined {
    this.skipSpace();
    const c = this.bytes[this.at] ?? -1;
    if (c === 0x2f) return this.name();
    if (c === 0x28) return this.skipLiteral();
    if (c === 0x3c && this.bytes[this.at + 1] === 0x3c) return this.dict();
    if (c === 0x3c) {
      while (this.at < this.bytes.length && this.bytes[this.at] !== 0x3e) this.at++;
      this.at++;
      return "";
    }
    if (c === 0x5b) return this.array();
    if (c === 0x5d || c === 0x3e || c === 0x7b || c === 0x7d || c === 0x29) return this.stray();
    if ((c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e) {
      const number = this.number();
      if (number !== undefined) return number;
    }
    if (this.keyword("true")) return true;
    if (this.keyword("false")) return false;
    if (this.keyword("null")) return null;
    return undefined;
  }

  /** The operator at the cursor, past it: one of up to three characters (all ISO 32000-1 defines) made once. */
  operator(): string {
    const { bytes } = this;
    const start = this.at;
    let key = 0;
    while (this.at < bytes.length && !ends(bytes[this.at])) key = key * 256 + (bytes[this.at++] as number);
    if (this.at - start > 3) {
      this.at = start;
      return this.word();
    }
    return shortOperator(bytes, start, this.at, key);
  }
}

/** The operator `bytes[start, end)` (at most three bytes, `key` their value as one number), its string made once. */
function shortOperator(bytes: Uint8Array, start: number, end: number, key: number): string {
  let operator = OPERATORS.get(key * 4 + end - start);
  if (operator === undefined) {
    operator = String.fromCharCode(...bytes.subarray(start, end));
    OPERATORS.set(key * 4 + end - start, operator);
  }
  return operator;
}

/**
 * Calls `visit` with each operator, its operands and the offset just past it (a rewriter copies the bytes between);
 * an inline image (BI … ID … EI) comes as one "BI".
 */
export function forEachOperator(
  bytes: Uint8Array,
  visit: (operator: string, operands: Operand[], end: number) => void,
): void {
  const lexer = new Lexer(bytes);
  let operands: Operand[] = [];
  while (lexer.at < bytes.length) {
    const operand = lexer.operand();
    if (operand !== undefined) {
      operands.push(operand);
      continue;
    }
    if (lexer.at >= bytes.length) break;
    const operator = lexer.operator();
    if (operator === "") {
      lexer.at++;
      continue;
    }
    if (operator === "ID") {
      lexer.skipInlineImage();
      visit("BI", operands, lexer.at);
    } else if (operator !== "BI") visit(operator, operands, lexer.at);
    operands = [];
  }
}
