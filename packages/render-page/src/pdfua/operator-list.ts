// A content stream's operators as the page walks read them (mend-artifacts.ts, artifact-layout.ts, page-scan.ts):
// listed once however many walks ask, each as a small number (its code), with its operands only when it is one a walk
// reads. Most of a page is coordinates and glyph strings no walk reads, so the list is made by stepping over operands
// without making them, and the few a walk reads are read again from where they start by content-tokens.ts's lexer:
// the same operators, ends and operands forEachOperator gives.
import { Lexer, type Operand } from "./content-tokens.ts";
import { CLASS } from "./pdf-bytes.ts";

/**
 * The operators the walks tell apart, by code; every other is `other`. Path ends run from n to b*, n first (it ends a
 * path without painting it, ISO 32000-1 8.5.3); text showing runs from Tj to the end.
 */
export const OP = {
  other: 0,
  BDC: 1,
  BMC: 2,
  EMC: 3,
  BT: 4,
  ET: 5,
  q: 6,
  Q: 7,
  Do: 8,
  Tf: 9,
  Tr: 10,
  m: 11,
  re: 12,
  n: 13,
  S: 14,
  s: 15,
  f: 16,
  F: 17,
  "f*": 18,
  B: 19,
  "B*": 20,
  b: 21,
  "b*": 22,
  sh: 23,
  /** An inline image, BI … ID … EI, as one operator. */
  BI: 24,
  Tj: 25,
  TJ: 26,
  "'": 27,
  '"': 28,
} as const;

export const endsPath = (code: number) => code >= OP.n && code <= OP["b*"];
export const paintsPath = (code: number) => code > OP.n && code <= OP["b*"];
export const showsText = (code: number) => code >= OP.Tj;
/** Whether the walks read the operator's operands: sequences, forms drawn, the font and the text render mode. */
const readsOperands = (code: number) => code === OP.BDC || code === OP.BMC || (code >= OP.Do && code <= OP.Tr);

/** An inline image's BI, which the list leaves out, and its ID, after which its data is stepped over. */
const [SKIPPED, INLINE_DATA] = [254, 255];
/** Operators of one or two characters by their bytes as one number (the first times 256 plus the second). */
const SHORT = new Uint8Array(65_536);
const keyOf = (operator: string) => Array.from(operator, (c) => c.charCodeAt(0)).reduce((key, c) => key * 256 + c, 0);
for (const [operator, code] of Object.entries(OP)) if (operator.length <= 2) SHORT[keyOf(operator)] = code;
SHORT[keyOf("BI")] = SKIPPED;
SHORT[keyOf("ID")] = INLINE_DATA;
const [BDC, BMC, EMC] = [keyOf("BDC"), keyOf("BMC"), keyOf("EMC")];

/** An operator's code from its bytes as one number (`key`) and its length. */
function codeOf(key: number, length: number): number {
  if (length <= 2) return SHORT[key] as number;
  if (length > 3) return OP.other;
  return key === BDC ? OP.BDC : key === BMC ? OP.BMC : key === EMC ? OP.EMC : OP.other;
}

/** The code forEachOperator's operator string has here. */
export const operatorCode = (operator: string) =>
  operator === "BI" ? OP.BI : codeOf(keyOf(operator), operator.length);

export interface OperatorList {
  count: number;
  codes: Uint8Array;
  /** The offset just past each operator (a rewriter copies the bytes between). */
  ends: Int32Array;
  /** The operands of each operator the walks read, by its index. */
  operands: Map<number, Operand[]>;
}

/**
 * Each content stream's list, read once: the mends read a page twice (its layout, then its rewrite) and the checker
 * once more, and a page the mends leave as it is keeps its data (check.ts's pageContents), so its list.
 */
const LISTS = new WeakMap<Uint8Array, OperatorList>();
const KEYWORDS = ["true", "false", "null"].map(keyOf);

/** A list with room for `capacity` operators, those of `from` copied. */
function sized(capacity: number, from?: OperatorList): OperatorList {
  const list = { count: 0, codes: new Uint8Array(capacity), ends: new Int32Array(capacity), operands: new Map() };
  if (!from) return list;
  list.codes.set(from.codes);
  list.ends.set(from.ends);
  return { ...list, count: from.count, operands: from.operands };
}

/** The operands before an operator, read again from where they start, as forEachOperator read them. */
function operandsFrom(lexer: Lexer, at: number): Operand[] {
  lexer.at = at;
  const operands: Operand[] = [];
  for (let operand = lexer.operand(); operand !== undefined; operand = lexer.operand()) operands.push(operand);
  return operands;
}

/**
 * The list, one loop over the bytes with its cursor in a local: white space, comments, names, numbers, words and hex
 * strings stepped over here; literal strings, containers and stray delimiters by the lexer, as forEachOperator steps
 * them. A run of regular characters is told a number, a keyword or an operator as it is read.
 */
function readList(bytes: Uint8Array): OperatorList {
  let list = sized((bytes.length >> 3) + 16);
  const lexer = new Lexer(bytes);
  const length = bytes.length;
  let [at, operandsAt] = [0, 0];
  while (at < length) {
    const c = bytes[at] as number;
    const kind = CLASS[c];
    if (kind === 1) at++;
    else if (c === 0x25) while (at < length && bytes[at] !== 0x0a && bytes[at] !== 0x0d) at++;
    else if (c === 0x2f) for (at++; at < length && CLASS[bytes[at] as number] === 0; ) at++;
    else if (c === 0x3c && bytes[at + 1] !== 0x3c) {
      const close = bytes.indexOf(0x3e, at);
      at = close < 0 ? length + 1 : close + 1;
    } else if (kind !== 0) {
      lexer.at = at;
      if (c === 0x28) lexer.skipLiteral();
      else lexer.operand();
      at = lexer.at;
    } else {
      // What number() reads: a sign first, digits, at most one point; any other run is a keyword or an operator.
      const start = at;
      let key = 0;
      let digits = 0;
      let points = 0;
      let other = 0;
      for (; at < length; at++) {
        const b = bytes[at] as number;
        if (CLASS[b] !== 0) break;
        key = key * 256 + b;
        if (b >= 0x30 && b <= 0x39) digits++;
        else if (b === 0x2e) points++;
        else if (at > start || (b !== 0x2b && b !== 0x2d)) other++;
      }
      if (other === 0 && digits > 0 && points <= 1) continue;
      const size = at - start;
      if ((size === 4 || size === 5) && KEYWORDS.includes(key)) continue;
      let code = codeOf(key, size);
      if (code === INLINE_DATA) {
        lexer.at = at;
        lexer.skipInlineImage();
        at = lexer.at;
        code = OP.BI;
      }
      if (code !== SKIPPED) {
        if (list.count === list.codes.length) list = sized(list.count * 2, list);
        if (readsOperands(code)) list.operands.set(list.count, operandsFrom(lexer, operandsAt));
        list.codes[list.count] = code;
        list.ends[list.count++] = at;
      }
      operandsAt = at;
    }
  }
  return list;
}

/** The operators of `bytes` (forEachOperator's, as codes), read once however many walks ask. */
export function operatorList(bytes: Uint8Array): OperatorList {
  let list = LISTS.get(bytes);
  if (!list) {
    list = readList(bytes);
    LISTS.set(bytes, list);
  }
  return list;
}

/** The operands of the list's `index`th operator when the walks read them (BDC, BMC, Do, Tf, Tr); none otherwise. */
export const operandsOf = (list: OperatorList, index: number): Operand[] => list.operands.get(index) ?? [];
