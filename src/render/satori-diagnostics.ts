import { Tokenizer, TypeGuards } from "liquidjs";
import { ServiceError } from "../errors";
import { lenientParser } from "./liquid";
import { layoutSatoriCard, satoriTree } from "./satori";
import { replaceSatoriAssets, type SatoriNode } from "./satori-assets";
import { CardBudgetExceeded, measureCard } from "./satori-budget";

/**
 * What Satori accepts on a <div> holding anything but one text (its own rule, though its message says "more than one
 * child").
 */
const CONTAINER_DISPLAYS = new Set(["flex", "contents", "none"]);
/** Stands for each Liquid output in the markup as written: text, or part of an attribute, that the data decides. */
const OUTPUT = "\uE000";
/** Carries an element's line in the source through Satori's parser. */
const LINE_ATTRIBUTE = "data-folio-line";
/** Stands in for every image: a check never fetches, and a 1x1 PNG lays out as any image sized by its markup. */
const PLACEHOLDER_IMAGE =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

type Child = SatoriNode | string | null | undefined;

/** A node's children; satori-html leaves null where a comment or blank text was. */
function childrenOf(node: SatoriNode): Child[] {
  const { children } = node.props;
  return Array.isArray(children) ? children : [children];
}

/** The line of each offset asked for, offsets asked for in increasing order. */
function lineCounter(source: string): (offset: number) => number {
  let line = 1;
  let counted = 0;
  return (offset) => {
    for (; counted < offset; counted++) if (source.charCodeAt(counted) === 10) line++;
    return line;
  };
}

/**
 * The card's markup as written, for Satori's parser: each Liquid output stands as text, each tag is left out
 * (so both branches of an `if` and one pass of a `for` remain), and every element carries its source line.
 */
export function markupAsWritten(source: string): string {
  const lineAt = lineCounter(source);
  return new Tokenizer(source)
    .readTopLevelTokens(lenientParser.options)
    .map((token) => {
      if (TypeGuards.isOutputToken(token)) return OUTPUT;
      if (!TypeGuards.isHTMLToken(token)) return "";
      return source
        .slice(token.begin, token.end)
        .replace(
          /<([a-zA-Z][\w:-]*)/g,
          (tag: string, _name: string, offset: number) => `${tag} ${LINE_ATTRIBUTE}="${lineAt(token.begin + offset)}"`,
        );
    })
    .join("");
}

/** Names a <div> so its author can find it: its class or id, and its line. */
function describeDiv(node: SatoriNode): string {
  const named = ["class", "id"].find(
    (attribute) => typeof node.props[attribute] === "string" && String(node.props[attribute]).trim(),
  );
  return (
    `${named ? `<div ${named}="${String(node.props[named]).trim()}">` : "<div>"} on ` +
    `line ${String(node.props[LINE_ATTRIBUTE])}`
  );
}

/** A display the data decides (`display: {{ mode }}`) counts as explicit: only a render can tell. */
function* undisplayedDivs(node: Child): Generator<SatoriNode> {
  if (!node || typeof node === "string") return;
  const { children, style } = node.props;
  const display = String(style?.display);
  if (
    node.type === "div" &&
    typeof children !== "string" &&
    !CONTAINER_DISPLAYS.has(display) &&
    !display.includes(OUTPUT)
  )
    yield node;
  for (const child of childrenOf(node)) yield* undisplayedDivs(child);
}

/**
 * Every <div> of a satori template's `source` that Satori refuses for want of an explicit display: one that
 * holds anything but a single text (elements, several texts, or nothing at all). Judged on the markup as written,
 * so whatever the example holds; empty when the source does not parse (the syntax check reports that).
 */
export function undisplayedDivFindings(source: string): string[] {
  let tree: SatoriNode;
  try {
    const markup = markupAsWritten(source);
    // A card past Satori's counts is refused at create: no parse of it here.
    measureCard(markup);
    tree = satoriTree(markup);
  } catch {
    return [];
  }
  return [...undisplayedDivs(tree)].map(
    (div) =>
      `The ${describeDiv(div)} has no explicit \`display\`, which Satori requires of a <div> holding anything ` +
      `but a single text; Satori refuses it. Add \`display: flex\` (or \`contents\` or \`none\`) to its ` +
      `style.`,
  );
}

/**
 * What Satori refuses when it lays out the card `html` renders to at `width` x `height`, in words: its first refusal,
 * or nothing.
 */
export async function layoutFindings(html: string, width: number, height: number): Promise<string[]> {
  let tree: SatoriNode;
  try {
    measureCard(html);
    tree = satoriTree(html);
  } catch (error) {
    if (error instanceof CardBudgetExceeded) return [`The card with its example is refused: ${error.message}.`];
    return [`Satori cannot read the card's markup: ${(error as Error).message}`];
  }
  await replaceSatoriAssets(tree, async () => PLACEHOLDER_IMAGE);
  try {
    await layoutSatoriCard(tree, width, height);
    return [];
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return [`Satori cannot lay out the card: ${String(error.extra.details?.cause ?? error.message)}`];
  }
}
