// One pass over HTML or XML markup, in time linear in its length whatever it holds: the counts that guard Satori
// and the XML gate read markup before any parser does, so they must never cost more than the text is long. (A
// regular expression with a lazy `[\s\S]*?` rescans to the end from every unclosed `<!--` or `<a`: quadratic, and a
// 400 KB attachment held a Worker for 20 s.) Quotes inside a tag are honoured, so `title="<!--"` or `x="/>"` is an
// attribute, not markup; an unclosed construct runs to the end, as parsers read it.

export type MarkupEvent =
  | { kind: "text"; text: string }
  | { kind: "open"; name: string; selfClosing: boolean; attributes: string }
  | { kind: "close"; name: string }
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

export function* scanMarkup(markup: string): Generator<MarkupEvent> {
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
      else if (inside.startsWith("/")) yield { kind: "close", name: inside.slice(1).trim().toLowerCase() };
      else {
        const name = /^[^\s/>]+/.exec(inside)?.[0] ?? "";
        yield {
          kind: "open",
          name: name.toLowerCase(),
          selfClosing: inside.trimEnd().endsWith("/"),
          attributes: inside.slice(name.length),
        };
      }
    } else {
      yield { kind: "text", text: "<" };
      at = lt + 1;
    }
  }
}
