// One page's content checked against the structure tree: every piece of text, path, shading or image must sit in
// marked content the tree reaches (an MCID it names), or in an /Artifact sequence, and never in both. The walk itself
// is page-scan.ts's; its events are replayed here, the tree asked at each sequence that opens.
import type { PDFDict, PDFRef } from "@cantoo/pdf-lib";
import { pooledRef } from "./object-lexer.ts";
import { SCAN, SCAN_RULES, type ScanState, scanPageContent } from "./page-scan.ts";
import { markedOwner, type StructNode, type StructureTree } from "./structure-tree.ts";
import type { ViolationTally } from "./violations.ts";

/** An open sequence, with what it and those around it make of what is drawn inside (kept as each opens). */
interface Sequence {
  /** It, or one around it, is an artifact. */
  inArtifact: boolean;
  /** The element owning its MCID, else the nearest one around it, when the structure tree reaches one. */
  owner: StructNode | null;
}

/** What the page checks share across the document. */
export interface ContentWalk extends ScanState {
  tree: StructureTree | null;
  tally: ViolationTally;
  /** The elements owning marked content that shows text: a Link holding none says nothing (FOLIO-LINK-TEXT). */
  textOwners: Set<StructNode>;
}

/** A page's scan as the check replays it: its events, and the fonts it shows text with. */
export interface ReplayedScan {
  events: ArrayLike<number>;
  fonts: Map<PDFDict, boolean>;
}

/** A painting operator's content: real content owned by an element, an artifact, or neither. */
function paint(walk: ContentWalk, inside: Sequence | undefined, text: boolean, location: string): void {
  if (inside?.inArtifact) return;
  const owner = inside?.owner;
  if (!owner) walk.tally.add("01-005", location);
  else if (text) {
    walk.textOwners.add(owner);
    if (!owner.hasLang) walk.tally.add("11-001", location);
  }
}

/** Replays a page's scan against the structure tree, adding what it breaks to the tally. */
export function replayPageScan(events: ArrayLike<number>, walk: ContentWalk, location: string): void {
  const stack: Sequence[] = [];
  for (let at = 0; at < events.length; ) {
    const code = events[at++];
    if (code === SCAN.begin) {
      const [number, generation, mcid, artifact] = [events[at], events[at + 1], events[at + 2], events[at + 3]];
      at += 4;
      const holder = number === undefined || number < 0 ? undefined : pooledRef(number, generation ?? 0);
      const element =
        mcid === undefined || mcid < 0 || !holder || !walk.tree ? null : (markedOwner(walk.tree, holder, mcid) ?? null);
      const around = stack.at(-1);
      const inArtifact = around?.inArtifact === true;
      if (artifact === 1 && around?.owner) walk.tally.add("01-003", location);
      if (element && inArtifact) walk.tally.add("01-004", location);
      stack.push({ inArtifact: inArtifact || artifact === 1, owner: element ?? around?.owner ?? null });
    } else if (code === SCAN.end) stack.pop();
    else if (code === SCAN.paint || code === SCAN.text) paint(walk, stack.at(-1), code === SCAN.text, location);
    else if (code === SCAN.rule) {
      const rule = SCAN_RULES[events[at++] ?? -1];
      if (rule) walk.tally.add(rule, location);
    } else if (code === SCAN.truncate) stack.length = events[at++] ?? 0;
    else throw new Error(`A page scan holds an event it does not know (${code})`);
  }
}

/** Checks one page's content; answers the fonts it shows text with, each with whether it is drawn. */
export function checkPageContent(
  page: { ref: PDFRef; contents: Uint8Array; resources: PDFDict | null },
  document: ContentWalk,
  location: string,
): ReplayedScan["fonts"] {
  const scan = scanPageContent(page, document);
  replayPageScan(scan.events, document, location);
  return scan.fonts;
}
