// Liquid outputs in XML are escaped (docs/rendering.md#liquid-outputs-in-xml). One parse serves the page and the
// XML: every output knows its place when parsed, and escapes only in a render that writes XML, so a page keeps v1's
// output as it was and a source is parsed once whatever it is rendered as.
import {
  type Context,
  CycleTag,
  EchoTag,
  type Emitter,
  type Liquid,
  LiquidError,
  Output,
  ParseError,
  Parser,
  type TagToken,
  type TopLevelToken,
  TypeGuards,
  toValue,
} from "liquidjs";
import { RenderContext } from "./liquid-filters";
import type { XmlPlace, XmlPlaces } from "./xml-places";

/** An output whose last filter is one of these is written as it is: it is escaped already, or asked not to be. */
export const WRITTEN_AS_IS: ReadonlySet<string> = new Set(["escape", "escape_once", "xml_escape", "raw"]);

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** `text` as XML reads it back unchanged at `place`: `&`, `<` and `>` everywhere, quotes inside attribute values. */
export function escapeXml(text: string, place: XmlPlace): string {
  return text.replace(place === "attribute" ? /[&<>"']/g : /[&<>]/g, (c) => ENTITIES[c] ?? c);
}

/** A printed value as liquidjs writes it: nothing for nil, arrays joined. */
function asText(value: unknown): string {
  const plain = toValue(value);
  if (plain === null || plain === undefined) return "";
  return Array.isArray(plain) ? plain.map(asText).join("") : String(plain);
}

/** How an output is written: escaped for its place, or (its last filter one of WRITTEN_AS_IS) as it is. */
type Writing = XmlPlace | "as-is";

function writing(filters: ReadonlyArray<{ name: string }>, place: XmlPlace): Writing {
  const last = filters.at(-1);
  return last && WRITTEN_AS_IS.has(last.name) ? "as-is" : place;
}

/** Whether an output written as `how` is escaped in `ctx`: only where it is not as-is and the part writes XML. */
function escapes(ctx: Context, how: Writing): how is XmlPlace {
  return how !== "as-is" && ctx instanceof RenderContext && ctx.markup === "xml";
}

/** The escaped text of `value` for an output written as `how`, or `value` itself where nothing is escaped. */
function written(ctx: Context, how: Writing, value: unknown): unknown {
  if (!escapes(ctx, how)) return value;
  const text = asText(value);
  // Counted as liquidjs's own escape filter counts what it escapes.
  ctx.memoryLimit.use(text.length);
  return escapeXml(text, how);
}

/** `emitter`, or (where the output escapes) one writing into it escaped: a page's outputs cost nothing more. */
function emitterFor(emitter: Emitter, ctx: Context, how: Writing): Emitter {
  if (!escapes(ctx, how)) return emitter;
  return {
    get buffer() {
      return emitter.buffer;
    },
    set buffer(text: string) {
      emitter.buffer = text;
    },
    write: (value: unknown) => emitter.write(written(ctx, how, value)),
  };
}

type OutputToken = ConstructorParameters<typeof Output>[0];

/** `{{ ... }}`. */
class XmlAwareOutput extends Output {
  private readonly how: Writing;
  constructor(token: OutputToken, liquid: Liquid, place: XmlPlace) {
    super(token, liquid);
    this.how = writing(this.value.filters, place);
  }
  override render(ctx: Context, emitter: Emitter): IterableIterator<unknown> {
    return super.render(ctx, emitterFor(emitter, ctx, this.how));
  }
}

function placeFor(parser: Parser, token: TagToken): XmlPlace {
  return parser instanceof XmlAwareParser ? parser.places.of(token.begin) : "text";
}

/**
 * The filters an `echo` or a `cycle` value ends with, read from the tag's arguments (values and value tokens alike).
 */
function argumentFilters(argument: unknown): ReadonlyArray<{ name: string }> | undefined {
  return (argument as { filters?: Array<{ name: string }> } | undefined)?.filters;
}

/** `{% echo ... %}`, alone or as a `{% liquid %}` line. */
class XmlAwareEcho extends EchoTag {
  private readonly how: Writing;
  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid, parser: Parser) {
    super(token, remainTokens, liquid);
    const [value] = this.arguments();
    this.how = writing(argumentFilters(value) ?? [], placeFor(parser, token));
  }
  override render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    return super.render(ctx, emitterFor(emitter, ctx, this.how));
  }
}

/** `{% cycle ... %}`: written as it is only when every value it cycles through ends in one of WRITTEN_AS_IS. */
class XmlAwareCycle extends CycleTag {
  private readonly how: Writing;
  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid, parser: Parser) {
    super(token, remainTokens, liquid);
    const place = placeFor(parser, token);
    // Its arguments are the values it cycles through, each with its filters, and then its group's name, without.
    const candidates = [...this.arguments()].flatMap((argument) => {
      const filters = argumentFilters(argument);
      return filters ? [writing(filters, place)] : [];
    });
    this.how = candidates.every((how) => how === "as-is") ? "as-is" : place;
  }
  override *render(ctx: Context, emitter: Emitter): Generator<unknown, unknown, unknown> {
    return written(ctx, this.how, yield super.render(ctx, emitter));
  }
}

/** The tags that print a value, made to escape it in XML; their parser must be an XmlAwareParser to know its place. */
export function registerXmlAwareTags(engine: Liquid): void {
  engine.registerTag("echo", XmlAwareEcho);
  engine.registerTag("cycle", XmlAwareCycle);
}

/** liquidjs's parser, making every output aware of its place in the XML `places` were read from. */
export class XmlAwareParser extends Parser {
  constructor(
    private readonly engine: Liquid,
    readonly places: XmlPlaces,
  ) {
    super(engine);
  }
  override parseToken(token: TopLevelToken, remainTokens: TopLevelToken[]): ReturnType<Parser["parseToken"]> {
    if (!TypeGuards.isOutputToken(token)) return super.parseToken(token, remainTokens);
    try {
      return new XmlAwareOutput(token, this.engine, this.places.of(token.begin));
    } catch (error) {
      // As liquidjs's own parser words a malformed output: placed at its token.
      throw LiquidError.is(error) ? error : new ParseError(error as Error, token);
    }
  }
}
