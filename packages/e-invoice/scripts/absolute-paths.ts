// Finds the absolute paths in an XPath 2.0 expression (`//ram:SellerTradeParty/ram:ID[@schemeID = 'VA']`,
// `/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction`): the parts whose value does not depend on the
// context they are evaluated in, only on the document. hoist-absolute-paths.ts evaluates each once per invoice
// instead of once per node a rule meets.
// The scanner is conservative: where it cannot be sure a "/" starts a path, or where the path ends, it leaves the
// text alone. A path using a variable or current() depends on more than the document, and is left alone too; so is
// a path inside a predicate or after "!", whose "/" is the root of whatever node the predicate or map is at, and
// any expression holding a comment.

/** Words that are XPath operators or keywords: a "/" after one of them starts an expression. */
const OPERATORS = new Set(
  "and or div idiv mod eq ne lt le gt ge is to in return satisfies then else union intersect except".split(" "),
);

const NAME_CHAR = /[\p{L}\p{N}_.\-:·]/u;

export interface Span {
  start: number;
  end: number;
}

/** The end of the quoted literal opening at `at` (XPath doubles a quote to escape it). */
function literalEnd(text: string, at: number): number {
  const quote = text[at];
  let i = at + 1;
  while (i < text.length) {
    if (text[i] === quote) {
      if (text[i + 1] === quote) i += 2;
      else return i + 1;
    } else i++;
  }
  return -1;
}

/** The end of the bracketed group opening at `at` ("(" or "["), strings skipped; -1 when unbalanced. */
function groupEnd(text: string, at: number): number {
  const close = text[at] === "(" ? ")" : "]";
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"') {
      const end = literalEnd(text, i);
      if (end < 0) return -1;
      i = end - 1;
    } else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") {
      depth--;
      if (depth === 0) return c === close ? i + 1 : -1;
    }
  }
  return -1;
}

/** Whether a "/" at `at` begins an expression: nothing before it, an opening parenthesis, a comma or an operator. */
function startsExpression(text: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && /\s/.test(text[i] ?? "")) i--;
  if (i < 0) return true;
  const before = text[i] ?? "";
  // "!" alone is the simple map operator (its right side is evaluated at each item): only "!=" starts a path.
  if ("(,=<>|+".includes(before)) return true;
  if (!/[a-z]/.test(before)) return false;
  let word = i;
  while (word > 0 && NAME_CHAR.test(text[word - 1] ?? "")) word--;
  // `$in/x`, `a/or/b`, `@to/x`: a name spelled like an operator, not the operator.
  if ("$/@".includes(text[word - 1] ?? "")) return false;
  return OPERATORS.has(text.slice(word, i + 1));
}

/**
 * The end of one step (a name test, `*`, `prefix:*`, `*:name`, `.`, `..`, `@name`, `axis::name`, a call or a
 * parenthesized expression). A "*" is taken only as a whole name test: `/a/b*2` is the path `/a/b` times 2.
 */
function stepEnd(text: string, at: number): number {
  let i = at;
  if (text[i] === "(") return groupEnd(text, i);
  if (text[i] === "@") i++;
  const name = i;
  const nameChars = () => {
    while (i < text.length && NAME_CHAR.test(text[i] ?? "")) i++;
  };
  if (text[i] === "*") {
    i++;
    if (text[i] === ":" && text[i + 1] !== ":") {
      i++;
      nameChars();
    }
  } else {
    nameChars();
    if (text[i - 1] === ":" && text[i] === "*") i++;
  }
  if (i === name) return -1;
  if (text[i] === "(") return groupEnd(text, i);
  return i;
}

/** The end of the absolute path starting at `at`, or -1 when its extent is not certain. */
function pathEnd(text: string, at: number): number {
  let i = at;
  while (text[i] === "/") {
    i += text[i + 1] === "/" ? 2 : 1;
    i = stepEnd(text, i);
    if (i < 0) return -1;
    while (text[i] === "[") {
      i = groupEnd(text, i);
      if (i < 0) return -1;
    }
  }
  // Whitespace before a "/" or "[" would continue the path in a way this scanner does not follow.
  let next = i;
  while (/\s/.test(text[next] ?? "")) next++;
  if (next > i && (text[next] === "/" || text[next] === "[")) return -1;
  return i;
}

/** The outermost absolute paths of `expression` that depend on the document alone, in order. */
export function absolutePaths(expression: string): Span[] {
  if (expression.includes("(:")) return [];
  const spans: Span[] = [];
  let predicates = 0;
  for (let i = 0; i < expression.length; i++) {
    const c = expression[i];
    if (c === "'" || c === '"') {
      const end = literalEnd(expression, i);
      if (end < 0) return [];
      i = end - 1;
    } else if (c === "[") predicates++;
    else if (c === "]") predicates--;
    else if (c === "/" && predicates === 0 && startsExpression(expression, i)) {
      const end = pathEnd(expression, i);
      if (end < 0) continue;
      const path = expression.slice(i, end);
      if (!path.includes("$") && !/current\s*\(/.test(path)) spans.push({ start: i, end });
      i = end - 1;
    }
  }
  return spans;
}
