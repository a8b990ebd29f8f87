// Parsing a template in time linear in its length, and within counts checked before the parse runs
// (docs/contributing.md, "How a render stays safe"). liquidjs takes each token off the front of an array (Array#shift,
// which moves every token after it), so a long template parsed in quadratic time: 199,000 outputs held the service for
// over a minute. The same tokens are handed to its parser as a queue whose shift is constant-time, and a template with
// more tags and outputs, or deeper blocks, than a document needs is refused before any parse.
import {
  type Context,
  type Emitter,
  type Liquid,
  type Parser,
  Tag,
  type TagToken,
  type Template,
  Tokenizer,
  type TopLevelToken,
  TypeGuards,
  type Value,
} from "liquidjs";
import { XmlAwareParser } from "./liquid-xml";
import { XmlPlaces } from "./xml-places";

/** Tags and outputs one template part may hold; each `{% liquid %}` line counts as one. */
export const MAX_LIQUID_NODES = 20_000;
/** How deep blocks (if, for, case, capture, ...) may nest. */
export const MAX_LIQUID_DEPTH = 64;

/** The tags whose blocks end with `end<name>` (`block` among them: liquidjs keeps it even without layouts). */
const BLOCKS = new Set(["if", "unless", "for", "case", "capture", "tablerow", "comment", "raw", "block"]);

/** A template past a count: refused at create (400 at its path) and at render (render_failed, stage template). */
export class LiquidBudgetExceeded extends Error {
  constructor(
    message: string,
    readonly details: { max_nodes: number } | { max_depth: number },
  ) {
    super(message);
  }
}

/** A queue over the tokenizer's array, with the only two members liquidjs's parser uses. */
class TokenQueue<T> {
  private at = 0;
  constructor(private readonly items: T[]) {}
  get length(): number {
    return this.items.length - this.at;
  }
  shift(): T | undefined {
    return this.at < this.items.length ? this.items[this.at++] : undefined;
  }
}

/**
 * Counts the nodes and the deepest nesting of `tokens`, looking into `{% liquid %}` tags line by line. Inside a
 * comment only its own nesting counts (what it holds is never parsed), and an end tag that closes nothing open
 * cannot lower the depth.
 */
function measure(engine: Liquid, tokens: TopLevelToken[]): void {
  let nodes = 0;
  const open: string[] = [];
  let comments = 0;
  const visit = (name: string) => {
    if (++nodes > MAX_LIQUID_NODES)
      throw new LiquidBudgetExceeded(
        `it holds more than ${MAX_LIQUID_NODES.toLocaleString("en-US")} Liquid tags and outputs; split the ` +
          `document or move repeated markup into a loop`,
        { max_nodes: MAX_LIQUID_NODES },
      );
    if (BLOCKS.has(name)) {
      open.push(name);
      if (open.length > MAX_LIQUID_DEPTH)
        throw new LiquidBudgetExceeded(`its Liquid blocks nest more than ${MAX_LIQUID_DEPTH} deep`, {
          max_depth: MAX_LIQUID_DEPTH,
        });
    } else if (name.startsWith("end")) {
      const at = open.lastIndexOf(name.slice(3));
      if (at >= 0) open.length = at;
    }
  };
  for (const token of tokens) {
    if (comments > 0) {
      if (TypeGuards.isTagToken(token) && (token.name === "comment" || token.name === "endcomment")) {
        comments += token.name === "comment" ? 1 : -1;
        visit(token.name);
      }
      continue;
    }
    if (TypeGuards.isOutputToken(token)) visit("");
    if (!TypeGuards.isTagToken(token)) continue;
    visit(token.name);
    if (token.name === "comment") comments++;
    if (token.name !== "liquid") continue;
    for (const line of new Tokenizer(token.args, engine.options.operators).readLiquidTagTokens(engine.options))
      visit(line.name);
  }
}

/** liquidjs's `{% liquid %}`, its lines parsed through the same queue (its own tag hands the parser an array too). */
class LinearLiquidTag extends Tag {
  private readonly templates: Template[];
  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid, parser: Parser) {
    super(token, remainTokens, liquid);
    this.templates = parser.parseTokens(
      new TokenQueue(this.tokenizer.readLiquidTagTokens(liquid.options)) as unknown as TopLevelToken[],
    );
  }
  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    yield this.liquid.renderer.renderTemplates(this.templates, ctx, emitter);
  }
  /* biome-ignore lint/correctness/useYield: liquidjs asks every tag for a generator of its children; this one has
     nothing to wait on. */
  *children(): Generator<unknown, Template[], unknown> {
    return this.templates;
  }
}

/** Replaces the engine's `{% liquid %}` with the one above. */
export function parseLinearly(engine: Liquid): void {
  engine.registerTag("liquid", LinearLiquidTag);
}

function isValue(argument: unknown): argument is Value {
  return typeof argument === "object" && argument !== null && Array.isArray((argument as Value).filters);
}

/** Every filtered value in the tree: outputs, `assign`, `echo`, and those inside blocks and `{% liquid %}`. */
export function* valuesIn(templates: Template[]): Generator<Value> {
  for (const template of templates) {
    for (const argument of template.arguments?.() ?? []) if (isValue(argument)) yield argument;
    if (!template.children) continue;
    // Without partials (Folio has none) the generator only returns the children, synchronously.
    const children = template.children(false, true);
    let step = children.next();
    while (!step.done) step = children.next(step.value);
    yield* valuesIn(step.value);
  }
}

/**
 * The first filter in the tree that `filters` does not have, as liquidjs's strict parse words it (with its line); null
 * when every one exists.
 */
export function firstUnknownFilter(templates: Template[], filters: Record<string, unknown>): string | null {
  for (const value of valuesIn(templates)) {
    for (const filter of value.filters) {
      if (filters[filter.name]) continue;
      const [line = 0, column = 0] = (
        filter as unknown as { token: { getPosition(): [number, number] } }
      ).token.getPosition();
      return `undefined filter: ${filter.name}, line:${line}, col:${column}`;
    }
  }
  return null;
}

/** `source` parsed by `engine`, or the engine's own parse error, or LiquidBudgetExceeded. */
export function parseWithinBudget(engine: Liquid, source: string): Template[] {
  // liquidjs's own words for it, which renderLiquid turns into the hint about the limit.
  if (source.length > engine.options.parseLimit) throw new Error("parse length limit exceeded");
  const tokens = new Tokenizer(
    source,
    engine.options.operators,
    undefined,
    undefined,
    engine.options.groupedExpressions,
  ).readTopLevelTokens(engine.options);
  measure(engine, tokens);
  const parser = new XmlAwareParser(engine, new XmlPlaces(tokens));
  return parser.parseTokens(new TokenQueue(tokens) as unknown as TopLevelToken[]);
}
