// The document's own authoring that PDF/UA-1 needs and a program can tell from the structure tree, though the
// Matterhorn Protocol numbers no checkpoint for it (docs/accessibility.md#rules-folio-adds): a data table without
// header cells, a link that says nothing of where it goes.
import { entry, textAt } from "./pdf-values.ts";
import { type StructNode, type StructureTree, structLocation } from "./structure-tree.ts";
import { ViolationTally } from "./violations.ts";

function tableOf(node: StructNode): StructNode | null {
  let at = node.parent;
  while (at && at.standard !== "Table") at = at.parent;
  return at;
}

/** A Table whose rows hold data cells (TD) and no header cell (TH): a reader cannot tell what a cell's value is. */
export function checkTableHeaders(tree: StructureTree, tally: ViolationTally): void {
  const withData = new Set<StructNode>();
  const withHeaders = new Set<StructNode>();
  for (const node of tree.elements) {
    const table = node.standard === "TD" || node.standard === "TH" ? tableOf(node) : null;
    if (table) (node.standard === "TH" ? withHeaders : withData).add(table);
  }
  for (const table of withData) if (!withHeaders.has(table)) tally.add("FOLIO-TABLE-HEADERS", structLocation(table));
}

/**
 * A Link whose content shows no text and which holds no alternative (Alt, ActualText, a Figure's Alt): its
 * annotation's Contents can only name the address, not what the link is for. Decided once every page was walked, since
 * the text a Link shows is known from the page content (`textOwners`); a box the link paints is no text.
 */
export function checkLinkTexts(tree: StructureTree, textOwners: ReadonlySet<StructNode>): ViolationTally {
  const tally = new ViolationTally();
  const saying = new Set<StructNode>();
  const says = (node: StructNode) => {
    // Each element is marked once: the walk up stops at one marked already, so it costs the tree's size in all.
    for (let at: StructNode | null = node; at && !saying.has(at); at = at.parent) saying.add(at);
  };
  for (const owner of textOwners) says(owner);
  for (const node of tree.elements)
    if (textAt(node.dict, "Alt")?.trim() || entry(node.dict, "ActualText") !== undefined) says(node);
  for (const node of tree.elements)
    if (node.standard === "Link" && !saying.has(node)) tally.add("FOLIO-LINK-TEXT", structLocation(node));
  return tally;
}
