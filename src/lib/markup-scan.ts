// One pass over HTML or XML markup, in time linear in its length whatever it holds: the counts that guard Satori
// and the XML gate read markup before any parser does, so they must never cost more than the text is long. (A
// regular expression with a lazy `[\s\S]*?` rescans to the end from every unclosed `<!--` or `<a`: quadratic, and a
// 400 KB attachment held a Worker for 20 s.) Quotes inside a tag are honoured, so `title="<!--"` or `x="/>"` is an
// attribute, not markup; an unclosed construct runs to the end, as parsers read it.

export type MarkupEvent =
  | { kind: "text"; text: string }
  /** `name` lower-cased (HTML's), `written` as the markup spells it (XML's); `start` at `<`, `end` past `>`. */
  | {
      kind: "open";
      name: string;
      written: string;
      selfClosing: boolean;
      attributes: string;
      start: number;
      end: number;
    }
  | { kind: "close"; name: string; written: string; start: number }
  /** `<!DOCTYPE ...>`, `<!ENTITY ...>` and the like: `name` upper-cased. */
  | { kind: "declaration"; name: string; body: string }
  /** `<?target ...?>`. */
  | { kind: "instruction"; target: string; body: string }
  | { kind: "comment" }
  | { kind: "cdata"; text: string };

/** Where the tag that starts at `from` (just past `<`) ends: the first `>` outside quotes, or -1. */
function tagEnd(markup: string, from: number): number {
  let quote = "";
  for (let i = from; i < markup.length; i++) {
    const c = markup.charAt(i);
    if (quote) {
      if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === ">") return i;
  }
  return -1;
}

/**
 * Runs to the end of `markup` when `close` never comes: an unclosed construct swallows the rest, as parsers read it.
 */
function upTo(markup: string, close: string, from: number): number {
  const at = markup.indexOf(close, from);
  return at < 0 ? markup.length : at;
}

/**
 * With `rawText` (HTML's `script`, `style`, `title`...), what such an element holds up to its end tag is one text, as
 * a browser reads it, not markup: `if (a<b)` in a script opens no element.
 */
export function* scanMarkup(markup: string, rawText?: ReadonlySet<string>): Generator<MarkupEvent> {
  // Lower-cased once, so finding each raw element's end tag whatever its case stays one pass.
  const lower = rawText ? markup.toLowerCase() : markup;
  let at = 0;
  while (at < markup.length) {
    const lt = markup.indexOf("<", at);
    if (lt < 0 || lt > at) yield { kind: "text", text: markup.slice(at, lt < 0 ? markup.length : lt) };
    if (lt < 0) return;
    if (markup.startsWith("<!--", lt)) {
      at = upTo(markup, "-->", lt + 4) + 3;
      yield { kind: "comment" };
    } else if (markup.startsWith("<![CDATA[", lt)) {
      const end = upTo(markup, "]]>", lt + 9);
      yield { kind: "cdata", text: markup.slice(lt + 9, end) };
      at = end + 3;
    } else if (markup.startsWith("<?", lt)) {
      const end = upTo(markup, "?>", lt + 2);
      const body = markup.slice(lt + 2, end);
      // The pattern matches the empty string too: it always matches.
      yield { kind: "instruction", target: (/^[^\s?]*/.exec(body)?.[0] ?? "").toLowerCase(), body };
      at = end + 2;
    } else if (markup[lt + 1] === "!" || /[a-zA-Z/]/.test(markup[lt + 1] ?? "")) {
      const end = tagEnd(markup, lt + 1);
      const inside = markup.slice(lt + 1, end < 0 ? markup.length : end);
      at = end < 0 ? markup.length : end + 1;
      if (inside.startsWith("!"))
        yield { kind: "declaration", name: (/^[^\s[>]*/.exec(inside.slice(1))?.[0] ?? "").toUpperCase(), body: inside };
      else if (inside.startsWith("/")) {
        const written = inside.slice(1).trim();
        yield { kind: "close", name: written.toLowerCase(), written, start: lt };
      } else {
        const written = /^[^\s/>]+/.exec(inside)?.[0] ?? "";
        yield {
          kind: "open",
          name: written.toLowerCase(),
          written,
          selfClosing: inside.trimEnd().endsWith("/"),
          attributes: inside.slice(written.length),
          start: lt,
          end: at,
        };
        if (rawText?.has(written.toLowerCase()) && !inside.trimEnd().endsWith("/")) {
          const close = upTo(lower, `</${written.toLowerCase()}`, at);
          if (close > at) yield { kind: "text", text: markup.slice(at, close) };
          at = close;
        }
      }
    } else {
      yield { kind: "text", text: "<" };
      at = lt + 1;
    }
  }
}

/** HTML's elements that never hold children: they open no level. */
export const HTML_VOID_ELEMENTS: ReadonlySet<string> = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);

const SPACE = new Set([" ", "\t", "\n", "\r"]);

/**
 * A tag's attributes (the text after its name), name and value as written, in one pass: a regular expression
 * with `\s+` before each name rescans every run of spaces from each of its characters.
 */
export function tagAttributes(text: string): Array<{ name: string; value: string }> {
  const found: Array<{ name: string; value: string }> = [];
  let at = 0;
  const skipSpaces = () => {
    while (SPACE.has(text.charAt(at))) at++;
  };
  while (at < text.length) {
    skipSpaces();
    const nameStart = at;
    while (at < text.length && !SPACE.has(text.charAt(at)) && !"=/>".includes(text.charAt(at))) at++;
    const name = text.slice(nameStart, at);
    skipSpaces();
    if (text.charAt(at) !== "=") {
      // A name without a value is HTML's empty value (`<img alt>`); a lone "/" or ">" is stepped past.
      if (at === nameStart) at++;
      else found.push({ name, value: "" });
      continue;
    }
    at++;
    skipSpaces();
    const quote = text.charAt(at);
    if (quote !== '"' && quote !== "'") {
      // HTML's unquoted value (`lang=en`) runs to the next space or the tag's end.
      const valueStart = at;
      while (at < text.length && !SPACE.has(text.charAt(at)) && text.charAt(at) !== ">") at++;
      found.push({ name, value: text.slice(valueStart, at) });
      continue;
    }
    const close = text.indexOf(quote, at + 1);
    if (close < 0) break;
    found.push({ name, value: text.slice(at + 1, close) });
    at = close + 1;
  }
  return found;
}
