// The structure tree's own conditions: tables (ISO 32000-1 Table 337), lists (Table 336), tables of contents
// (Table 333), ruby and warichu (Table 338), alternative text, notes, headings and table headers.
import { dictOf, entry, entryOf, itemsAt, nameAt, nameOf, pdfName, textAt, textOf } from "./pdf-values.ts";
import type { PdfUaRule } from "./rules.ts";
import { type StructNode, type StructureTree, structLocation } from "./structure-tree.ts";
import type { ViolationTally } from "./violations.ts";

interface Placement {
  rule: PdfUaRule;
  /** The parents the element may have. */
  parents?: string[];
  /** The kids it may hold, and which of them may only come first (or, for a table's Caption, first or last). */
  kids?: string[];
  once?: string[];
}

const TABLE_PARTS = ["TR", "THead", "TBody", "TFoot", "Caption"];

const PLACEMENTS: Record<string, Placement> = {
  Table: { rule: "09-004", kids: TABLE_PARTS, once: ["THead", "TFoot", "Caption"] },
  TR: { rule: "09-004", parents: ["Table", "THead", "TBody", "TFoot"], kids: ["TH", "TD"] },
  THead: { rule: "09-004", parents: ["Table"], kids: ["TR"] },
  TBody: { rule: "09-004", parents: ["Table"], kids: ["TR"] },
  TFoot: { rule: "09-004", parents: ["Table"], kids: ["TR"] },
  TH: { rule: "09-004", parents: ["TR"] },
  TD: { rule: "09-004", parents: ["TR"] },
  L: { rule: "09-005", kids: ["L", "LI", "Caption"] },
  LI: { rule: "09-005", parents: ["L"], kids: ["Lbl", "LBody"] },
  LBody: { rule: "09-005", parents: ["LI"] },
  TOC: { rule: "09-006", kids: ["TOC", "TOCI", "Caption"] },
  TOCI: { rule: "09-006", parents: ["TOC"] },
  Ruby: { rule: "09-007", kids: ["RB", "RT", "RP"], once: ["RB", "RT"] },
  RB: { rule: "09-007", parents: ["Ruby"] },
  RT: { rule: "09-007", parents: ["Ruby"] },
  RP: { rule: "09-007", parents: ["Ruby"] },
  Warichu: { rule: "09-008", kids: ["WT", "WP"], once: ["WT"] },
  WT: { rule: "09-008", parents: ["Warichu"] },
  WP: { rule: "09-008", parents: ["Warichu"] },
};

/** Where Caption may stand among a grouping element's kids: a table's first or last, a list's or TOC's first. */
function captionMisplaced(node: StructNode, kids: string[]): boolean {
  const last = node.standard === "Table" ? kids.length - 1 : 0;
  return kids.some((kid, i) => kid === "Caption" && i !== 0 && i !== last);
}

/** Whether the element's kids break what `placement` allows of them (a cell's, a list body's, are never read). */
function kidsBroken(node: StructNode, placement: Placement): boolean {
  // Kids whose type maps to nothing were reported by the role map already (02-001).
  const kids = node.kids.map((kid) => kid.standard).filter(Boolean);
  if (placement.kids && kids.some((kid) => !placement.kids?.includes(kid))) return true;
  if (placement.once?.some((type) => kids.filter((kid) => kid === type).length > 1)) return true;
  if (node.standard === "Table" && kids.some((k) => k === "THead" || k === "TFoot") && !kids.includes("TBody"))
    return true;
  return kids.includes("Caption") && captionMisplaced(node, kids);
}

function placementBroken(node: StructNode, placement: Placement): boolean {
  const parent = node.parent?.standard ?? "";
  if (placement.parents && !placement.parents.includes(parent)) return true;
  return node.kids.length > 0 && kidsBroken(node, placement);
}

/** The element's attribute dictionaries owned by `owner` (/O): /A holds one, or an array with revision numbers. */
function attributes(node: StructNode, owner: string) {
  return itemsAt(node.dict, "A")
    .map(dictOf)
    .filter((dict) => dict && nameOf(dict, KEY.O) === owner);
}

const KEY = {
  Alt: pdfName("Alt"),
  ActualText: pdfName("ActualText"),
  E: pdfName("E"),
  ID: pdfName("ID"),
  O: pdfName("O"),
};

/** The entries that hold text for a reader, whose language must be known (11-002). */
const TEXT_KEYS = [KEY.Alt, KEY.ActualText, KEY.E];

const hasAlternative = (node: StructNode) => Boolean(textOf(node.dict, KEY.Alt)) || entryOf(node.dict, KEY.ActualText);

/** Headings among the element's kids. */
function headingKids(node: StructNode): number {
  let headings = 0;
  for (const kid of node.kids) if (kid.standard === "H") headings++;
  return headings;
}

function checkElement(node: StructNode, tally: ViolationTally): void {
  const placement = PLACEMENTS[node.standard];
  if (placement && placementBroken(node, placement)) tally.add(placement.rule, structLocation(node));
  if (node.standard === "Figure" && !hasAlternative(node)) tally.add("13-004", structLocation(node));
  if (node.standard === "Formula" && !hasAlternative(node)) tally.add("17-002", structLocation(node));
  if (node.standard === "Note" && !textOf(node.dict, KEY.ID)) tally.add("19-003", structLocation(node));
  if (!node.hasLang && TEXT_KEYS.some((key) => entryOf(node.dict, key) !== undefined))
    tally.add("11-002", structLocation(node));
  if (headingKids(node) > 1) tally.add("14-006", structLocation(node));
}

const HEADING_LEVELS = new Map(["H1", "H2", "H3", "H4", "H5", "H6"].map((type) => [type, type.slice(1)]));

/** Numbered headings in reading order: the first is H1, and none goes deeper than one level past the last. */
function checkHeadings(tree: StructureTree, tally: ViolationTally): void {
  let previous = 0;
  for (const node of tree.elements) {
    const level = HEADING_LEVELS.get(node.standard);
    if (!level) continue;
    if (previous === 0 && level !== "1") tally.add("14-002", structLocation(node));
    else if (previous > 0 && Number(level) > previous + 1) tally.add("14-003", structLocation(node));
    previous = Number(level);
  }
  if (previous > 0 && tree.elements.some((node) => node.standard === "H")) tally.add("14-007");
  if (tree.roots.filter((node) => node.standard === "H").length > 1) tally.add("14-006", "structure tree root");
}

/** In a table whose cells never name their headers (/Headers), every TH says what it heads (/Scope). */
function checkHeaderScopes(tree: StructureTree, tally: ViolationTally): void {
  const tableOf = (node: StructNode) => {
    let at = node.parent;
    while (at && at.standard !== "Table") at = at.parent;
    return at;
  };
  const cells = tree.elements.filter((node) => node.standard === "TH" || node.standard === "TD");
  // A table's cells are read until one names its headers.
  const withHeaders = new Set<StructNode | null>();
  for (const cell of cells) {
    const table = tableOf(cell);
    if (!withHeaders.has(table) && attributes(cell, "Table").some((a) => entry(a, "Headers"))) withHeaders.add(table);
  }
  for (const cell of cells) {
    if (cell.standard !== "TH" || withHeaders.has(tableOf(cell))) continue;
    if (!attributes(cell, "Table").some((a) => nameAt(a, "Scope"))) tally.add("15-003", structLocation(cell));
  }
}

/** Each Note's ID names it alone: a reference to it must find one note. */
function checkNoteIds(tree: StructureTree, tally: ViolationTally): void {
  const seen = new Set<string>();
  for (const node of tree.elements) {
    const id = node.standard === "Note" ? textAt(node.dict, "ID") : undefined;
    if (id && seen.has(id)) tally.add("19-004", structLocation(node));
    if (id) seen.add(id);
  }
}

export function checkStructure(tree: StructureTree, tally: ViolationTally): void {
  for (const node of tree.elements) checkElement(node, tally);
  checkNoteIds(tree, tally);
  checkHeadings(tree, tally);
  checkHeaderScopes(tree, tally);
}
