// Field-error paths (`items[0].quantity`) to positions in a JSON text, and JSON parse errors with their place.
import { findNodeAtLocation, type Node, type ParseError, parse, parseTree, printParseErrorCode } from "jsonc-parser";

export type Segment = string | number;

/** `items[0].quantity` → ["items", 0, "quantity"]; an empty path is the document itself. */
export function parsePath(path: string): Segment[] {
  const segments: Segment[] = [];
  const re = /\[(\d+)\]|\[["']([^"']*)["']\]|\.?([^.[\]]+)/g;
  for (let m = re.exec(path); m; m = re.exec(path)) {
    if (m[1] !== undefined) segments.push(Number(m[1]));
    else if (m[2] !== undefined) segments.push(m[2]);
    else if (m[3] !== undefined) segments.push(m[3]);
  }
  return segments;
}

export interface Span {
  from: number;
  to: number;
  /** True when the path itself is in the text; false when only an ancestor is (a missing field). */
  exact: boolean;
}

/**
 * Where a path sits in a JSON text: the property (key and value) when it exists, else the nearest ancestor
 * that does (a missing required field points at the object that lacks it, on its opening line).
 */
export function locate(text: string, segments: Segment[]): Span | null {
  const root = parseTree(text);
  if (!root) return null;
  for (let depth = segments.length; depth >= 0; depth--) {
    const node = depth === 0 ? root : findNodeAtLocation(root, segments.slice(0, depth));
    if (!node) continue;
    const exact = depth === segments.length;
    if (!exact) {
      // Only the container's opening brace: a missing field is reported on the line that opens its object.
      return { from: node.offset, to: node.offset + 1, exact };
    }
    const holder: Node | undefined = node.parent?.type === "property" ? node.parent : undefined;
    const from = holder ? holder.offset : node.offset;
    // A property's first child is its key: an object or array value is marked by its key, else by its opening.
    const key = holder?.children?.[0];
    const to =
      node.type === "object" || node.type === "array"
        ? key
          ? key.offset + key.length
          : node.offset + 1
        : node.offset + node.length;
    return { from, to, exact };
  }
  return null;
}

export interface JsonProblem {
  from: number;
  to: number;
  message: string;
}

const MESSAGES: Record<string, string> = {
  InvalidSymbol: "Unexpected character",
  InvalidNumberFormat: "Invalid number",
  PropertyNameExpected: "A property name in double quotes is expected here",
  ValueExpected: "A value is expected here",
  ColonExpected: "A colon is expected here",
  CommaExpected: "A comma is expected here",
  CloseBraceExpected: "A closing brace } is expected here",
  CloseBracketExpected: "A closing bracket ] is expected here",
  EndOfFileExpected: "Nothing may follow the JSON value",
  InvalidCommentToken: "Comments are not allowed in JSON",
  UnexpectedEndOfComment: "Unexpected end of comment",
  UnexpectedEndOfString: "This string is not closed",
  UnexpectedEndOfNumber: "Unexpected end of number",
  InvalidUnicode: "Invalid unicode escape",
  InvalidEscapeCharacter: "Invalid escape character",
  InvalidCharacter: "Invalid character in a string",
};

/** Strict JSON: the value, or the parse errors at their offsets (comments and trailing commas refused). */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; problems: JsonProblem[] } {
  if (text.trim() === "")
    return { ok: false, problems: [{ from: 0, to: 0, message: "Empty: write a JSON value, e.g. {}" }] };
  const errors: ParseError[] = [];
  const value = parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (errors.length === 0) return { ok: true, value };
  return {
    ok: false,
    problems: errors.slice(0, 5).map((e) => {
      const code = printParseErrorCode(e.error);
      return { from: e.offset, to: e.offset + Math.max(e.length, 1), message: MESSAGES[code] ?? code };
    }),
  };
}
