import { Tokenizer, TypeGuards } from "liquidjs";
import { ServiceError } from "../../errors";
import { lineCounter } from "../../lib/line-counter";
import { lenientParser } from "../liquid/liquid";
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

/**
 * The card's markup as written, for Satori's parser: each Liquid output stands as text, each tag is left out
 * (so both branches of an `if` and one pass of a `for` remain), and every element carries its source line unless
 * `withLines` is false (as long as the user wrote it, for the counts).
 */
export function markupAsWritten(source: string, withLines = true): string {
  const lineAt = lineCounter(source);
  return new Tokenizer(source)
    .readTopLevelTokens(lenientParser.options)
    .map((token) => {
      if (TypeGuards.isOutputToken(token)) return OUTPUT;
      if (!TypeGuards.isHTMLToken(token)) return "";
      if (!withLines) return source.slice(token.begin, token.end);
      return source
        .slice(token.begin, token.end)
        .replace(
          /<([a-zA-Z][\w:-]*)/g,
          (tag: string, _name: string, offset: number) =>
            `${tag} ${LINE_ATTRIBUTE}="${lineAt(token.begin + offset).line}"`,
        );
    })
    .join("");
}

/** Names an element so its author can find it: its tag, its class or id, and its line. */
function describeElement(node: SatoriNode): string {
  const named = ["class", "id"].find(
    (attribute) => typeof node.props[attribute] === "string" && String(node.props[attribute]).trim(),
  );
  return (
    `${named ? `<${node.type} ${named}="${String(node.props[named]).trim()}">` : `<${node.type}>`} on ` +
    `line ${String(node.props[LINE_ATTRIBUTE])}`
  );
}

/** Why an element's display falls short, in words, or nothing when it is explicit enough for Satori and the card. */
function displayProblem(node: SatoriNode): string | null {
  const { children, style } = node.props;
  const display = style?.display === undefined ? undefined : String(style.display);
  // A display the data decides (`display: {{ mode }}`) counts as explicit: only a render can tell.
  if (display?.includes(OUTPUT)) return null;
  if (node.type === "div" && typeof children !== "string" && !CONTAINER_DISPLAYS.has(display ?? ""))
    return (
      `The ${describeElement(node)} has no explicit \`display\`, which Satori requires of a <div> holding anything ` +
      `but a single text; Satori refuses it. Add \`display: flex\` (or \`contents\` or \`none\`) to its style.`
    );
  if (display !== undefined) return null;
  return (
    `The ${describeElement(node)} has no explicit \`display\`: a satori card states one on every element outside an ` +
    `<svg>, and Satori lays an element without one out as \`display: flex\`, not as a browser shows a ` +
    `<${node.type}>. Add \`display: flex\` (or \`contents\` or \`none\`) to its style.`
  );
}

/** The display problem of every element, in document order; what an <svg> holds is drawing, not layout. */
function* displayProblems(node: Child): Generator<string> {
  if (!node || typeof node === "string") return;
  const problem = displayProblem(node);
  if (problem) yield problem;
  if (node.type === "svg") return;
  for (const child of childrenOf(node)) yield* displayProblems(child);
}

/**
 * Every element of a satori template's `source` without an explicit display (docs/diagnostics.md#warnings), and every
 * <div> whose display Satori refuses for holding anything but a single text (elements, several texts, or nothing).
 * Judged on the markup as written, so whatever the example holds; empty when the source does not parse (the syntax
 * check reports that).
 */
export function undisplayedElementFindings(source: string): string[] {
  let tree: SatoriNode;
  try {
    const markup = markupAsWritten(source);
    // A card past Satori's counts is refused at create: no parse of it here.
    measureCard(markup);
    tree = satoriTree(markup);
  } catch {
    return [];
  }
  return [...displayProblems(tree)];
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
