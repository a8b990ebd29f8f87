// Where each element of a page's rendered HTML was written (docs/accessibility.md#while-you-write): every start tag
// the source writes literally carries its line and column through the Liquid render as an attribute, so what the
// rendered HTML shows is reported at the source's line. An element a Liquid value writes carries none, and is
// reported at its nearest marked ancestor.
import { Tokenizer, TypeGuards } from "liquidjs";
import { lineCounter } from "../../lib/line-counter";
import { lenientParser } from "../liquid/liquid";

/** The attribute that carries "line:column" (an author's own attribute of the name is read the same way). */
export const SOURCE_MARK = "data-folio-source";

/**
 * A start tag's name followed, in the same stretch of markup, by what ends a name: `<h{{ level }}>` is left alone,
 * since a mark there would change the element's name.
 */
const START_TAG = /<([a-zA-Z][\w:-]*)(?=[\s/>])/g;

/** `source` with each literal start tag marked; what `raw` blocks hold prints as written and is left alone. */
export function markStartTags(source: string): string | null {
  let tokens: ReturnType<Tokenizer["readTopLevelTokens"]>;
  try {
    tokens = new Tokenizer(source).readTopLevelTokens(lenientParser.options);
  } catch {
    // A source that does not tokenize is reported by the syntax check; a render of it fails.
    return null;
  }
  const positionAt = lineCounter(source);
  let raw = false;
  return tokens
    .map((token) => {
      const written = source.slice(token.begin, token.end);
      if (TypeGuards.isTagToken(token)) raw = token.name === "raw" || (raw && token.name !== "endraw");
      if (raw || !TypeGuards.isHTMLToken(token)) return written;
      return written.replace(START_TAG, (tag: string, _name: string, offset: number) => {
        const { line, column } = positionAt(token.begin + offset);
        return `${tag} ${SOURCE_MARK}="${line}:${column}"`;
      });
    })
    .join("");
}

/** The position the mark in a start tag's attribute text names, or undefined without one. */
export function markIn(attributes: string): { line: number; column: number } | undefined {
  const at = attributes.indexOf(`${SOURCE_MARK}="`);
  if (at < 0) return undefined;
  const match = /^(\d{1,9}):(\d{1,9})"/.exec(
    attributes.slice(at + SOURCE_MARK.length + 2, at + SOURCE_MARK.length + 24),
  );
  return match ? { line: Number(match[1]), column: Number(match[2]) } : undefined;
}
