// One page's content walked operator by operator before the structure tree is asked anything (docs/accessibility.md#in-a-render):
// what opens and closes marked content, what paints, the fonts text is shown with and what forms break, as a list of
// numbers page-content.ts replays against the tree. Nothing here needs the tree, so the pages can be walked in a
// thread of their own while another reads and mends the structure.
import { type PDFDict, PDFName, PDFNumber, PDFRef } from "@cantoo/pdf-lib";
import { isName } from "./artifact-layout.ts";
import type { Operand } from "./content-tokens.ts";
import { OP, operandsOf, operatorList, paintsPath, showsText } from "./operator-list.ts";
import { dictAt, entry, nameAt, streamBytes } from "./pdf-values.ts";
import type { PdfUaRule } from "./rules.ts";

/** Painting besides text and forms: paths (but n), shadings and inline images. */
const paints = (code: number) => paintsPath(code) || code === OP.sh || code === OP.BI;
/** Text render mode 3 (ISO 32000-1 9.3.6): neither fill nor stroke, as under a scanned page's picture. */
const INVISIBLE = 3;
/**
 * Forms nested deeper than this (a form drawing a form drawing…), or drawn more times than this on one page, are not
 * followed: a few forms each drawing the next twice would otherwise ask for millions of walks.
 */
const MAX_FORM_DEPTH = 12;
const MAX_FORM_DRAWINGS = 10_000;

/** The events of a scan: each code, then its numbers. */
export const SCAN = {
  /** A sequence opens: the stream holding it (object and generation number, -1 for none), its MCID (-1), artifact 0/1. */
  begin: 1,
  /** The innermost sequence closes. */
  end: 2,
  /** Something other than text is painted. */
  paint: 3,
  /** Text is shown. */
  text: 4,
  /** A rule the walk decided by itself is broken: its index in SCAN_RULES. */
  rule: 5,
  /** A stream ended with sequences open: as many stay open as the number says. */
  truncate: 6,
} as const;

/** The rules a scan decides without the tree, by the index its events name them with. */
export const SCAN_RULES: readonly PdfUaRule[] = ["30-001", "30-002", "FOLIO-FORM-NESTING"];

/** What a scan shares across the document's pages. */
export interface ScanState {
  /** How many times each form XObject holding MCIDs was drawn, by its reference. */
  markedForms: Map<PDFRef, number>;
  /** Each form's content, decoded once however many times it is drawn. */
  formContents: Map<PDFDict, Uint8Array | null>;
}

export interface PageScan {
  events: number[];
  /** Fonts the page shows text with, in the order first used, and whether any of it is drawn (mode 3 is not). */
  fonts: Map<PDFDict, boolean>;
  /** Each font's reference, when the resources name it by one (a direct font dictionary has none). */
  fontRefs: Map<PDFDict, PDFRef>;
}

interface Walk extends ScanState, PageScan {
  /** Sequences with an MCID met so far: a form that adds some holds marked content of its own. */
  mcids: number;
  /** The forms being walked (a form drawing itself is not followed), and how many the page drew. */
  openForms: Set<PDFDict>;
  formDrawings: number;
  /** How many sequences are open. */
  depth: number;
}

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

function rule(walk: Walk, broken: PdfUaRule): void {
  walk.events.push(SCAN.rule, SCAN_RULES.indexOf(broken));
}

function beginSequence(walk: Walk, operands: Operand[], owner: PDFRef | undefined, resources: PDFDict | null): void {
  const artifact = isName(operands[0]) && operands[0].name === "Artifact" ? 1 : 0;
  const mcid = mcidOf(operands[1], resources);
  if (mcid !== undefined) walk.mcids++;
  walk.events.push(SCAN.begin, owner?.objectNumber ?? -1, owner?.generationNumber ?? -1, mcid ?? -1, artifact);
  walk.depth++;
}

/** A font the text state names: its dictionary, and its reference when the resources name it by one. */
interface TextFont {
  dict: PDFDict;
  ref: PDFRef | undefined;
}

function fontNamed(resources: PDFDict | null, name: string): TextFont | null {
  const fonts = dictAt(resources, "Font");
  const dict = dictAt(fonts, name);
  if (!dict) return null;
  const ref = fonts?.get(PDFName.of(name));
  return { dict, ref: ref instanceof PDFRef ? ref : undefined };
}

function showText(walk: Walk, font: TextFont | null, mode: number): void {
  if (font) {
    walk.fonts.set(font.dict, walk.fonts.get(font.dict) || mode !== INVISIBLE);
    if (font.ref) walk.fontRefs.set(font.dict, font.ref);
  }
  walk.events.push(SCAN.text);
}

function drawXObject(walk: Walk, name: Operand | undefined, resources: PDFDict | null, depth: number): void {
  if (!isName(name)) return;
  const xobjects = dictAt(resources, "XObject");
  const raw = xobjects?.get(PDFName.of(name.name));
  const form = dictAt(xobjects, name.name);
  const subtype = nameAt(form, "Subtype");
  if (subtype === "Image") walk.events.push(SCAN.paint);
  if (subtype !== "Form" || !form) return;
  if (entry(form, "Ref")) rule(walk, "30-001");
  if (depth >= MAX_FORM_DEPTH || walk.openForms.has(form) || ++walk.formDrawings > MAX_FORM_DRAWINGS) {
    rule(walk, "FOLIO-FORM-NESTING");
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
  if (uses === 2) rule(walk, "30-002");
}

/** Walks one content stream (the page's, or a form's) inside the sequences open around it. */
function walkContent(
  walk: Walk,
  bytes: Uint8Array,
  owner: PDFRef | undefined,
  resources: PDFDict | null,
  depth: number,
) {
  const base = walk.depth;
  // The text state's font and render mode, saved and restored with the graphics state.
  const saved: { font: TextFont | null; mode: number }[] = [];
  let font: TextFont | null = null;
  let mode = 0;
  const list = operatorList(bytes);
  const codes = list.codes;
  for (let index = 0; index < list.count; index++) {
    const code = codes[index] as number;
    if (code === OP.BDC || code === OP.BMC) beginSequence(walk, operandsOf(list, index), owner, resources);
    else if (code === OP.EMC) {
      if (walk.depth > base) {
        walk.depth--;
        walk.events.push(SCAN.end);
      }
    } else if (showsText(code)) showText(walk, font, mode);
    else if (paints(code)) walk.events.push(SCAN.paint);
    else if (code === OP.Do) drawXObject(walk, operandsOf(list, index)[0], resources, depth);
    else if (code === OP.Tf) {
      const name = operandsOf(list, index)[0];
      if (isName(name)) font = fontNamed(resources, name.name);
    } else if (code === OP.Tr) {
      const value = operandsOf(list, index)[0];
      if (typeof value === "number") mode = value;
    } else if (code === OP.q) saved.push({ font, mode });
    else if (code === OP.Q) ({ font, mode } = saved.pop() ?? { font, mode });
  }
  // A stream leaves no sequence open past its end (ISO 32000-1 14.6: they nest within one stream).
  if (walk.depth > base) walk.events.push(SCAN.truncate, base);
  walk.depth = base;
}

/** Scans one page's content (its streams joined), with the forms it draws. */
export function scanPageContent(
  page: { ref: PDFRef; contents: Uint8Array; resources: PDFDict | null },
  state: ScanState,
): PageScan {
  const walk: Walk = {
    ...state,
    events: [],
    fonts: new Map(),
    fontRefs: new Map(),
    mcids: 0,
    openForms: new Set(),
    formDrawings: 0,
    depth: 0,
  };
  walkContent(walk, page.contents, page.ref, page.resources, 0);
  return { events: walk.events, fonts: walk.fonts, fontRefs: walk.fontRefs };
}
