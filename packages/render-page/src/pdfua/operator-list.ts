// A content stream's operators as the page walks read them (mend-artifacts.ts, artifact-layout.ts, page-scan.ts):
// listed once however many walks ask, each with its operands only when it is one a walk reads. Most of a page is
// coordinates and glyph strings no walk reads, so the list is made by stepping over operands without making them,
// and the few a walk reads are read again from where they start by content-tokens.ts's lexer: the same operators,
// ends and operands forEachOperator gives.
import { Lexer, type Operand, shortOperator } from "./content-tokens.ts";
import { CLASS, isDigit } from "./pdf-bytes.ts";

/** The operators whose operands the page walks read: sequences, forms drawn, the font and the text render mode. */
const WALKED_OPERANDS = new Set(["BDC", "BMC", "Do", "Tf", "Tr"]);
const NO_OPERANDS: Operand[] = Object.freeze([]) as unknown as Operand[];

interface OperatorList {
  operators: string[];
  operands: Operand[][];
  ends: number[];
}

/**
 * Each content stream's operators, read once: the mends read a page twice (its layout, then its rewrite) and the
 * checker once more, and a page the mends leave as it is keeps its data (check.ts's pageContents), so its list.
 */
const LISTS = new WeakMap<Uint8Array, OperatorList>();

/** Whether `bytes[start, end)` (a run of regular characters) is what number() reads: a sign, digits, one point. */
function isNumber(bytes: Uint8Array, start: number, end: number): boolean {
  let at = start;
  if (bytes[at] === 0x2b || bytes[at] === 0x2d) at++;
  let [digits, point] = [0, false];
  for (; at < end; at++) {
    const c = bytes[at] as number;
    if (isDigit(c)) digits++;
    else if (c === 0x2e && !point) point = true;
    else return false;
  }
  return digits > 0;
}

const KEYWORDS = ["true", "false", "null"].map((word) => Array.from(word, (c) => c.charCodeAt(0)));

/** Whether the run is one of the operands a word can be; asked of every operator, so no callback is made. */
function isKeyword(bytes: Uint8Array, start: number, end: number): boolean {
  for (const word of KEYWORDS) {
    if (word.length !== end - start) continue;
    let at = 0;
    while (at < word.length && bytes[start + at] === word[at]) at++;
    if (at === word.length) return true;
  }
  return false;
}

/** Whether a run starting with `c` may be a number: only such a run can be one, and no such run is a keyword. */
const startsNumber = (c: number) => isDigit(c) || c === 0x2d || c === 0x2b || c === 0x2e;

/** The operands before an operator, read again from where they start, as forEachOperator read them. */
function operandsFrom(bytes: Uint8Array, at: number): Operand[] {
  const lexer = new Lexer(bytes);
  lexer.at = at;
  const operands: Operand[] = [];
  for (let operand = lexer.operand(); operand !== undefined; operand = lexer.operand()) operands.push(operand);
  return operands;
}

/**
 * The list, one loop over the bytes with its cursor in a local: white space, comments, names, numbers and hex strings
 * stepped over here; literal strings, containers and stray delimiters by the lexer, as forEachOperator steps them.
 */
function readList(bytes: Uint8Array): OperatorList {
  const list: OperatorList = { operators: [], operands: [], ends: [] };
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
      // A run of regular characters: a number, a keyword, or an operator, its bytes' value kept as the run is read.
      const start = at;
      let key = 0;
      for (let b = c; CLASS[b] === 0; b = bytes[at] ?? 0x20) {
        key = key * 256 + b;
        at++;
      }
      if (startsNumber(c) ? isNumber(bytes, start, at) : isKeyword(bytes, start, at)) continue;
      let operator: string;
      if (at - start > 3) {
        lexer.at = start;
        operator = lexer.operator();
      } else operator = shortOperator(bytes, start, at, key);
      if (operator === "ID") {
        lexer.at = at;
        lexer.skipInlineImage();
        at = lexer.at;
      }
      if (operator !== "BI") {
        list.operators.push(operator === "ID" ? "BI" : operator);
        list.operands.push(WALKED_OPERANDS.has(operator) ? operandsFrom(bytes, operandsAt) : NO_OPERANDS);
        list.ends.push(at);
      }
      operandsAt = at;
    }
  }
  return list;
}

/**
 * forEachOperator for the page walks: the operators of `bytes` read once however many walks ask, each given its
 * operands only when it is one the walks read (BDC, BMC, Do, Tf, Tr), none otherwise.
 */
export function walkOperators(
  bytes: Uint8Array,
  visit: (operator: string, operands: Operand[], end: number) => void,
): void {
  let list = LISTS.get(bytes);
  if (!list) {
    list = readList(bytes);
    LISTS.set(bytes, list);
  }
  const { operators, operands, ends: at } = list;
  for (let i = 0; i < operators.length; i++) visit(operators[i] as string, operands[i] as Operand[], at[i] as number);
}
