import { Tokenizer, TypeGuards } from "liquidjs";
import { lineCounter } from "../../lib/line-counter";
import { lenientParser } from "./liquid";

/** A `%}` or `}}` written right after a tag or output that was already closed: it prints as text. */
export interface StrayDelimiter {
  delimiter: "%}" | "}}";
  /** The tag or output it follows, as written (cut to 40 characters). */
  after: string;
  line: number;
  column: number;
}

const SHOWN = 40;

/**
 * The closing delimiters typed twice: an editor that closes `{%` and `{{` as they are typed leaves `{% if x %}%}` when
 * the author types the `%}` anyway. Only a delimiter that starts the text right after a tag or output counts, so CSS
 * such as `width:100%}` or `}}` closing nested rules is never taken for one. A `raw` block's text is its own.
 */
export function strayDelimiters(source: string, limit = Number.POSITIVE_INFINITY): StrayDelimiter[] {
  let tokens: ReturnType<Tokenizer["readTopLevelTokens"]>;
  try {
    tokens = new Tokenizer(source).readTopLevelTokens(lenientParser.options);
  } catch {
    // A source that does not tokenize is reported by the syntax check.
    return [];
  }
  const placeOf = lineCounter(source);
  const found: StrayDelimiter[] = [];
  tokens.forEach((token, index) => {
    const before = tokens[index - 1];
    if (found.length >= limit || !before || !TypeGuards.isHTMLToken(token)) return;
    if (TypeGuards.isTagToken(before) && before.name === "raw") return;
    if (!TypeGuards.isTagToken(before) && !TypeGuards.isOutputToken(before)) return;
    const delimiter = source.startsWith("%}", token.begin) ? "%}" : source.startsWith("}}", token.begin) ? "}}" : null;
    if (!delimiter) return;
    const written = source.slice(before.begin, before.end);
    const after = written.length > SHOWN ? `${written.slice(0, SHOWN - 1)}…` : written;
    found.push({ delimiter, after, ...placeOf(token.begin) });
  });
  return found;
}
