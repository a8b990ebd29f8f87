// Content that is neither tagged nor an artifact (01-005) marked as an artifact (docs/accessibility.md#mends): what
// Chromium prints from header and footer templates, and any other drawing outside every marked-content sequence,
// wrapped in /Artifact sequences. Only marked-content operators are added, so the page draws the same pixels.
import { type PDFDict, PDFName, type PDFPage } from "@cantoo/pdf-lib";
import { concatBytes } from "../bytes.ts";
import { drawsTaggedForm, isName, readLayout, type SequenceKind, sequenceKind } from "./artifact-layout.ts";
import { pageContents } from "./check.ts";
import type { Operand } from "./content-tokens.ts";
import { endsPath, OP, operandsOf, operatorList, showsText } from "./operator-list.ts";

/** Operators that put something on the page besides paths (a form drawn with Do included). */
const paintsOther = (code: number) => showsText(code) || code === OP.sh || code === OP.BI || code === OP.Do;
const ascii = (text: string) => new TextEncoder().encode(text);
const OPEN = {
  artifact: ascii("\n/Artifact BMC\n"),
  // Headers and footers are pagination artifacts (ISO 32000-1 14.8.2.2).
  pagination: ascii("\n/Artifact <</Type /Pagination>> BDC\n"),
};
const CLOSE = ascii("\nEMC\n");

/** The content copied piece by piece, with /Artifact sequences opened and closed between operators. */
class ArtifactWriter {
  readonly pieces: Uint8Array[] = [];
  copied = 0;
  open: "" | "artifact" | "pagination" = "";
  /** The open sequence began inside a text object, so must end there; and inside this many sequences. */
  openedInText = false;
  openDepth = 0;
  wrapped = false;
  readonly bytes: Uint8Array;
  readonly marginsFrom: number;
  // Fields assigned by hand: the render backend runs this file with Node's type stripping, which has no parameter
  // properties.
  constructor(bytes: Uint8Array, marginsFrom: number) {
    this.bytes = bytes;
    this.marginsFrom = marginsFrom;
  }

  close(at: number): void {
    if (!this.open) return;
    const to = Math.max(at, this.copied);
    this.pieces.push(this.bytes.subarray(this.copied, to), CLOSE);
    this.copied = to;
    this.open = "";
  }

  /** An /Artifact sequence open from `at` (a pagination one in the margins). */
  ensureOpen(at: number, inText: boolean, depth: number): void {
    const kind = at >= this.marginsFrom ? "pagination" : "artifact";
    if (this.open === kind) return;
    this.close(at);
    const from = Math.max(at, this.copied);
    this.pieces.push(this.bytes.subarray(this.copied, from), OPEN[kind]);
    this.copied = from;
    this.open = kind;
    this.openedInText = inText;
    this.openDepth = depth;
    this.wrapped = true;
  }
}

/**
 * The content with everything drawn outside tagged content and artifacts inside /Artifact sequences (null when
 * nothing is): a whole text object or path object where it can (from its BT, or its path's first m or re), else the
 * text showing operators around a text object's own sequences. With `pagination`, what follows the body is a
 * pagination artifact. A sequence closes before tagged content or another artifact opens, where its text object
 * ends, and before the end of a sequence it opened inside.
 */
export function artifactContent(bytes: Uint8Array, resources: PDFDict | null, pagination: boolean): Uint8Array | null {
  const layout = readLayout(bytes);
  const writer = new ArtifactWriter(bytes, pagination ? layout.bodyEnd : Number.POSITIVE_INFINITY);
  const open: SequenceKind[] = [];
  // Each form read once, however many times the page draws it.
  const forms = new Map<string, boolean>();
  const taggedForm = (name: Operand | undefined) => {
    const key = isName(name) ? name.name : "";
    if (!forms.has(key)) forms.set(key, drawsTaggedForm(resources, name));
    return forms.get(key) === true;
  };
  const list = operatorList(bytes);
  const { codes, ends } = list;
  // How many of the open sequences are tagged content or artifacts: what is drawn inside one is covered.
  let covering = 0;
  let [inText, pathStart, before] = [false, -1, 0];
  for (let index = 0; index < list.count; index++) {
    const code = codes[index] as number;
    const covered = covering > 0;
    if (code === OP.BDC || code === OP.BMC) {
      const kind = sequenceKind(code, operandsOf(list, index));
      if (kind !== "neither") {
        writer.close(before);
        covering++;
      }
      open.push(kind);
    } else if (code === OP.EMC) {
      if (open.length <= writer.openDepth) writer.close(before);
      const closed = open.pop();
      if (closed !== undefined && closed !== "neither") covering--;
    } else if (code === OP.BT) {
      if (!covered && !layout.markedTextObjects.has(before)) writer.ensureOpen(before, false, open.length);
      else if (!writer.openedInText) writer.close(before);
      inText = true;
    } else if (code === OP.ET) {
      if (writer.openedInText) writer.close(before);
      inText = false;
    } else if (code === OP.m || code === OP.re) {
      if (pathStart < 0) pathStart = before;
    } else if (endsPath(code)) {
      if (!covered && code !== OP.n) writer.ensureOpen(pathStart < 0 ? before : pathStart, inText, open.length);
      pathStart = -1;
    } else if (!covered && paintsOther(code) && !(code === OP.Do && taggedForm(operandsOf(list, index)[0])))
      writer.ensureOpen(before, inText, open.length);
    before = ends[index] as number;
  }
  if (!writer.wrapped) return null;
  writer.close(before);
  writer.pieces.push(bytes.subarray(writer.copied));
  return concatBytes(writer.pieces);
}

/** The page's content streams replaced by one holding `content`. */
export function setPageContent(page: PDFPage, content: Uint8Array): void {
  page.node.set(PDFName.of("Contents"), page.doc.context.register(page.doc.context.flateStream(content)));
}

/** Marks the page's untagged content as artifacts, its content streams joined into one. */
export function mendPageArtifacts(page: PDFPage, pagination: boolean): void {
  const node = page.node;
  const content = artifactContent(pageContents(node), node.Resources() ?? null, pagination);
  if (content) setPageContent(page, content);
}
