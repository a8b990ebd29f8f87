// Where each Liquid output of a template sits in the XML the template writes: in text, or inside a quoted attribute
// value, where quotes must be escaped too (docs/rendering.md#liquid-outputs-in-xml). The template's own text is
// read once, in source order, with its Liquid left out: what an output prints never moves the place of the next.
import { type TopLevelToken, TypeGuards } from "liquidjs";

/** Text between tags (and in comments, CDATA and processing instructions), or a quoted attribute value. */
export type XmlPlace = "text" | "attribute";

type LexState = "text" | "markup" | "double" | "single" | "comment" | "cdata";

/** The states left only by a closing sequence, and theirs. */
const CLOSERS: Partial<Record<LexState, string>> = { comment: "-->", cdata: "]]>" };
const OPENERS: Array<[string, LexState]> = [
  ["<!--", "comment"],
  ["<![CDATA[", "cdata"],
];
/**
 * What may follow `<` when it opens a tag, a declaration or an instruction; a `<` ending a run of text counts too
 * (a tag name printed by Liquid follows it).
 */
const OPENS_MARKUP = /[A-Za-z_:?!/]/;

/** An XML lexer that knows only what it needs: whether it stands inside a quoted attribute value. */
class XmlLexer {
  state: LexState = "text";

  read(text: string): void {
    let i = 0;
    while (i < text.length) {
      const closer = CLOSERS[this.state];
      if (closer) {
        const at = text.indexOf(closer, i);
        if (at < 0) return;
        i = at + closer.length;
        this.state = "text";
        continue;
      }
      const c = text[i];
      if (this.state === "text" && c === "<") {
        const opener = OPENERS.find(([start]) => text.startsWith(start, i));
        if (opener) {
          this.state = opener[1];
          i += opener[0].length;
          continue;
        }
        const next = text[i + 1];
        if (next === undefined || OPENS_MARKUP.test(next)) this.state = "markup";
      } else if (this.state === "markup") {
        if (c === '"') this.state = "double";
        else if (c === "'") this.state = "single";
        else if (c === ">") this.state = "text";
      } else if ((this.state === "double" && c === '"') || (this.state === "single" && c === "'")) {
        this.state = "markup";
      }
      i++;
    }
  }

  get inAttribute(): boolean {
    return this.state === "double" || this.state === "single";
  }
}

/**
 * The place of every tag and output of one template, by source offset. A `{% liquid %}` line lies within its tag
 * and takes the tag's place. Text inside `{% comment %}` is not read: it is never written.
 */
export class XmlPlaces {
  /** begin, end, begin, end...: the source spans of the tags and outputs that stand in an attribute value. */
  private readonly spans: number[] = [];

  constructor(tokens: TopLevelToken[]) {
    const lexer = new XmlLexer();
    let comments = 0;
    for (const token of tokens) {
      if (TypeGuards.isHTMLToken(token)) {
        if (comments === 0) lexer.read(token.getContent());
        continue;
      }
      if (TypeGuards.isTagToken(token) && (token.name === "comment" || token.name === "endcomment"))
        comments = Math.max(0, comments + (token.name === "comment" ? 1 : -1));
      if (comments === 0 && lexer.inAttribute) this.spans.push(token.begin, token.end);
    }
  }

  of(offset: number): XmlPlace {
    // The last span beginning at or before `offset`, by binary search over the span starts.
    let low = 0;
    let high = this.spans.length / 2 - 1;
    let found = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if ((this.spans[mid * 2] ?? 0) <= offset) {
        found = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    return found >= 0 && offset < (this.spans[found * 2 + 1] ?? 0) ? "attribute" : "text";
  }
}
