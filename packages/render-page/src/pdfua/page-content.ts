// One page's content walked operator by operator: every piece of text, path, shading or image must sit in marked
// content the structure tree reaches (an MCID it names), or in an /Artifact sequence, and never in both.
import { type PDFDict, PDFName, PDFNumber, PDFRef } from "@cantoo/pdf-lib";
import { type Operand, walkOperators } from "./content-tokens.ts";
import { dictAt, entry, nameAt, streamBytes } from "./pdf-values.ts";
import { markedOwner, type StructNode, type StructureTree } from "./structure-tree.ts";
import type { ViolationTally } from "./violations.ts";

const TEXT_SHOWING = new Set(["Tj", "TJ", "'", '"']);
const PAINTING = new Set(["S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "sh", "BI"]);
/** Text render mode 3 (ISO 32000-1 9.3.6): neither fill nor stroke, as under a scanned page's picture. */
const INVISIBLE = 3;
/**
 * Forms nested deeper than this (a form drawing a form drawing…), or drawn more times than this on one page, are not
 * followed: a few forms each drawing the next twice would otherwise ask for millions of walks.
 */
const MAX_FORM_DEPTH = 12;
const MAX_FORM_DRAWINGS = 10_000;

/** An open sequence, with what it and those around it make of what is drawn inside (kept as each opens). */
interface Sequence {
  /** It, or one around it, is an artifact. */
  inArtifact: boolean;
  /** The element owning its MCID, else the nearest one around it, when the structure tree reaches one. */
  owner: StructNode | null;
}

/** What the page walks share across the document. */
export interface ContentWalk {
  tree: StructureTree | null;
  tally: ViolationTally;
  /** How many times each form XObject holding MCIDs was drawn, by its reference. */
  markedForms: Map<PDFRef, number>;
  /** Each form's content, decoded once however many times it is drawn. */
  formContents: Map<PDFDict, Uint8Array | null>;
  /** The elements owning marked content that shows text: a Link holding none says nothing (FOLIO-LINK-TEXT). */
  textOwners: Set<StructNode>;
}

interface PageWalk extends ContentWalk {
  location: string;
  /** Sequences with an MCID met so far: a form that adds some holds marked content of its own. */
  mcids: number;
  /** The forms being walked (a form drawing itself is not followed), and how many the page drew. */
  openForms: Set<PDFDict>;
  formDrawings: number;
  stack: Sequence[];
  /** Fonts the page shows text with, and whether any of it is drawn (text render mode 3 is invisible). */
  fonts: Map<PDFDict, boolean>;
}

const isName = (operand: Operand | undefined): operand is { name: string } =>
  typeof operand === "object" && operand !== null && "name" in operand;

/** A BDC's MCID: its properties are inline, or a name in the resources' /Properties. */
function mcidOf(properties: Operand | undefined, resources: PDFDict | null): number | undefined {
  if (typeof properties === "object" && properties !== null && "dict" in properties) {
    const mcid = properties.dict.get("MCID");
    return typeof mcid === "number" ? mcid : undefined;
  }
  if (!isName(properties)) return undefined;
  const mcid = entry(dictAt(dictAt(resources, "Properties"), properties.name), "MCID");
  return mcid instanceof PDFNumber ? mcid.asNumber() : undefined;
}

function beginSequence(
  walk: PageWalk,
  operands: Operand[],
  owner: PDFRef | undefined,
  resources: PDFDict | null,
): void {
  const artifact = isName(operands[0]) && operands[0].name === "Artifact";
  const mcid = mcidOf(operands[1], resources);
  if (mcid !== undefined) walk.mcids++;
  const element = mcid === undefined || !owner || !walk.tree ? null : (markedOwner(walk.tree, owner, mcid) ?? null);
  const around = walk.stack.at(-1);
  const inArtifact = around?.inArtifact === true;
  const inTagged = Boolean(around?.owner);
  if (artifact && inTagged) walk.tally.add("01-003", walk.location);
  if (element && inArtifact) walk.tally.add("01-004", walk.location);
  walk.stack.push({ inArtifact: inArtifact || artifact, owner: element ?? around?.owner ?? null });
}

/** A painting operator's content: real content owned by an element, an artifact, or neither. */
function paint(walk: PageWalk, text: boolean): void {
  const inside = walk.stack.at(-1);
  if (inside?.inArtifact) return;
  const owner = inside?.owner;
  if (!owner) walk.tally.add("01-005", walk.location);
  else if (text) {
    walk.textOwners.add(owner);
    if (!owner.hasLang) walk.tally.add("11-001", walk.location);
  }
}

function drawXObject(walk: PageWalk, name: Operand | undefined, resources: PDFDict | null, depth: number): void {
  if (!isName(name)) return;
  const xobjects = dictAt(resources, "XObject");
  const raw = xobjects?.get(PDFName.of(name.name));
  const form = dictAt(xobjects, name.name);
  const subtype = nameAt(form, "Subtype");
  if (subtype === "Image") paint(walk, false);
  if (subtype !== "Form" || !form) return;
  if (entry(form, "Ref")) walk.tally.add("30-001", walk.location);
  if (depth >= MAX_FORM_DEPTH || walk.openForms.has(form) || ++walk.formDrawings > MAX_FORM_DRAWINGS) {
    walk.tally.add("FOLIO-FORM-NESTING", walk.location);
    return;
  }
  if (!walk.formContents.has(form)) walk.formContents.set(form, streamBytes(xobjects?.lookup(PDFName.of(name.name))));
  const bytes = walk.formContents.get(form);
  if (!bytes) return;
  // A form's own MCIDs are reached through marked-content references naming the form's stream (/Stm).
  const owner = raw instanceof PDFRef ? raw : undefined;
  const mcidsBefore = walk.mcids;
  walk.openForms.add(form);
  walkContent(walk, bytes, owner, dictAt(form, "Resources") ?? resources, depth + 1);
  walk.openForms.delete(form);
  // Its MCIDs can name one place in the structure only: drawn twice, one drawing is left out of it.
  if (walk.mcids === mcidsBefore || !owner) return;
  const uses = (walk.markedForms.get(owner) ?? 0) + 1;
  walk.markedForms.set(owner, uses);
  if (uses === 2) walk.tally.add("30-002", walk.location);
}

/** Walks one content stream (the page's, or a form's) with the marked content open around it. */
function walkContent(
  walk: PageWalk,
  bytes: Uint8Array,
  owner: PDFRef | undefined,
  resources: PDFDict | null,
  depth: number,
) {
  const base = walk.stack.length;
  // The text state's font and render mode, saved and restored with the graphics state.
  const saved: { font: PDFDict | null; mode: number }[] = [];
  let font: PDFDict | null = null;
  let mode = 0;
  walkOperators(bytes, (operator, operands) => {
    if (operator === "BDC" || operator === "BMC") beginSequence(walk, operands, owner, resources);
    else if (operator === "EMC") {
      if (walk.stack.length > base) walk.stack.pop();
    } else if (TEXT_SHOWING.has(operator)) {
      if (font) walk.fonts.set(font, walk.fonts.get(font) || mode !== INVISIBLE);
      paint(walk, true);
    } else if (PAINTING.has(operator)) paint(walk, false);
    else if (operator === "Do") drawXObject(walk, operands[0], resources, depth);
    else if (operator === "Tf" && isName(operands[0])) font = dictAt(dictAt(resources, "Font"), operands[0].name);
    else if (operator === "Tr" && typeof operands[0] === "number") mode = operands[0];
    else if (operator === "q") saved.push({ font, mode });
    else if (operator === "Q") ({ font, mode } = saved.pop() ?? { font, mode });
  });
  // A stream leaves no sequence open past its end (ISO 32000-1 14.6: they nest within one stream).
  walk.stack.length = base;
}

/** Checks one page's content; answers the fonts it shows text with, each with whether it is drawn. */
export function checkPageContent(
  page: { ref: PDFRef; contents: Uint8Array; resources: PDFDict | null },
  document: ContentWalk,
  location: string,
): Map<PDFDict, boolean> {
  const walk: PageWalk = {
    ...document,
    location,
    mcids: 0,
    openForms: new Set(),
    formDrawings: 0,
    stack: [],
    fonts: new Map(),
  };
  walkContent(walk, page.contents, page.ref, page.resources, 0);
  return walk.fonts;
}
