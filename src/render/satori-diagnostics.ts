import { ServiceError } from "../errors";
import { layoutSatoriCard, satoriTree } from "./satori";
import { replaceSatoriAssets, type SatoriNode } from "./satori-assets";

/** What Satori accepts on a <div> holding anything but plain text (its own rule, though its message says "more than one child"). */
const CONTAINER_DISPLAYS = new Set(["flex", "contents", "none"]);
/** Stands in for every image: a check never fetches, and a 1x1 PNG lays out as any image sized by its markup. */
const PLACEHOLDER_IMAGE = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

type Child = SatoriNode | string | null | undefined;

/** A node's children; satori-html leaves null where a comment was. */
function childrenOf(node: SatoriNode): Child[] {
  const { children } = node.props;
  return Array.isArray(children) ? children : [children];
}

function firstText(node: Child): string | undefined {
  if (!node) return undefined;
  if (typeof node === "string") return node.trim() || undefined;
  for (const child of childrenOf(node)) {
    const text = firstText(child);
    if (text) return text;
  }
  return undefined;
}

/** Names a <div> so its author can find it: its class or id, else the text it starts with. */
function describeDiv(node: SatoriNode): string {
  for (const attribute of ["class", "className", "id"]) {
    const value = node.props[attribute];
    if (typeof value === "string" && value.trim()) return `<div ${attribute === "className" ? "class" : attribute}="${value.trim()}">`;
  }
  const text = firstText(node);
  return text ? `<div> starting "${text.length > 30 ? `${text.slice(0, 30)}…` : text}"` : "<div>";
}

function* undisplayedDivs(node: Child): Generator<SatoriNode> {
  if (!node || typeof node === "string") return;
  const { children, style } = node.props;
  if (node.type === "div" && children !== undefined && typeof children !== "string" && !CONTAINER_DISPLAYS.has(String(style?.display))) yield node;
  for (const child of childrenOf(node)) yield* undisplayedDivs(child);
}

/**
 * What Satori would refuse in the card `html` renders to, in words: every <div> holding elements without an
 * explicit display (all of them at once), else the first refusal of Satori's own layout at `width` x `height`.
 */
export async function satoriFindings(html: string, width: number, height: number): Promise<string[]> {
  let tree: SatoriNode;
  try {
    tree = satoriTree(html);
  } catch (error) {
    return [`Satori cannot read the card's markup: ${(error as Error).message}`];
  }
  const undisplayed = [...undisplayedDivs(tree)].map(
    (div) => `The ${describeDiv(div)} holds elements but has no explicit \`display\`; Satori refuses it. Add \`display: flex\` (or \`contents\` or \`none\`) to its style.`,
  );
  if (undisplayed.length) return undisplayed;
  await replaceSatoriAssets(tree, async () => PLACEHOLDER_IMAGE);
  try {
    await layoutSatoriCard(tree, width, height);
    return [];
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return [`Satori cannot lay out the card: ${String(error.extra.details?.cause ?? error.message)}`];
  }
}
