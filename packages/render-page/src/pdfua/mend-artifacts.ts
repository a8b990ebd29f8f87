// Content that is neither tagged nor an artifact (01-005) marked as an artifact (docs/accessibility.md#mends): what
// Chromium prints from header and footer templates, and any other drawing outside every marked-content sequence,
// wrapped in /Artifact sequences. Only marked-content operators are added, so the page draws the same pixels.
import { type PDFDict, PDFName, type PDFPage } from "@cantoo/pdf-lib";
import { pageContents } from "./check.ts";
import { forEachOperator, type Operand } from "./content-tokens.ts";
import { concatBytes, dictAt, streamBytes } from "./pdf-values.ts";

/** Operators that put something on the page besides paths (a form drawn with Do included). */
const PAINTING = new Set(["Tj", "TJ", "'", '"', "sh", "BI", "Do"]);
/** Operators that end a path object: each paints it but n (ISO 32000-1 8.5.3). */
const PATH_ENDS = new Set(["S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n"]);
const ascii = (text: string) => new TextEncoder().encode(text);
const OPEN = {
  artifact: ascii("\n/Artifact BMC\n"),
  // Headers and footers are pagination artifacts (ISO 32000-1 14.8.2.2).
  pagination: ascii("\n/Artifact <</Type /Pagination>> BDC\n"),
};
const CLOSE = ascii("\nEMC\n");

const latin1 = new TextDecoder("latin1");

const isName = (operand: Operand | undefined): operand is { name: string } =>
  typeof operand === "object" && operand !== null && "name" in operand;

/** A form whose own content is tagged: wrapping its drawing in an artifact would hide that content (01-004). */
function drawsTaggedForm(resources: PDFDict | null, name: Operand | undefined): boolean {
  if (!isName(name)) return false;
  const form = dictAt(resources, "XObject")?.lookup(PDFName.of(name.name));
  const bytes = streamBytes(form);
  return bytes !== null && latin1.decode(bytes).includes("/MCID");
}

/** What the rewrite needs to know ahead: where the body ends, and which text objects hold sequences of their own. */
interface Layout {
  /** Chromium prints the margins (header and footer templates) after the body's last tagged sequence. */
  bodyEnd: number;
  /** Where each text object holding marked content begins (the offset before its BT). */
  markedTextObjects: Set<number>;
}

function readLayout(bytes: Uint8Array): Layout {
  const layout: Layout = { bodyEnd: 0, markedTextObjects: new Set() };
  let depth = 0;
  let tagged = false;
  let textObject = -1;
  let before = 0;
  forEachOperator(bytes, (operator, operands, end) => {
    if (operator === "BT") textObject = before;
    else if (operator === "ET") textObject = -1;
    else if (operator === "BDC" || operator === "BMC") {
      if (textObject >= 0) layout.markedTextObjects.add(textObject);
      // Artifacts drawn after the body (the watermark, the preview mark) do not move where it ends.
      if (depth++ === 0) tagged = !(isName(operands[0]) && operands[0].name === "Artifact");
    } else if (operator === "EMC" && depth > 0 && --depth === 0 && tagged) layout.bodyEnd = end;
    before = end;
  });
  return layout;
}

/** The content copied piece by piece, with /Artifact sequences opened and closed between operators. */
class ArtifactWriter {
  readonly pieces: Uint8Array[] = [];
  copied = 0;
  open: "" | "artifact" | "pagination" = "";
  /** The open sequence began inside a text object, so must end there. */
  openedInText = false;
  wrapped = false;
  constructor(
    readonly bytes: Uint8Array,
    readonly marginsFrom: number,
  ) {}

  close(at: number): void {
    if (!this.open) return;
    this.pieces.push(this.bytes.subarray(this.copied, at), CLOSE);
    this.copied = at;
    this.open = "";
  }

  /** An /Artifact sequence open from `at` (a pagination one in the margins). */
  ensureOpen(at: number, inText: boolean): void {
    const kind = at >= this.marginsFrom ? "pagination" : "artifact";
    if (this.open === kind) return;
    this.close(at);
    const from = Math.max(at, this.copied);
    this.pieces.push(this.bytes.subarray(this.copied, from), OPEN[kind]);
    this.copied = from;
    this.open = kind;
    this.openedInText = inText;
    this.wrapped = true;
  }
}

/**
 * The content with everything drawn outside marked content inside /Artifact sequences (null when nothing is):
 * a whole text object or path object where it can (from its BT, or its path's first m or re), else the text
 * showing operators around a text object's own sequences. With `pagination`, what follows the body is a
 * pagination artifact. A sequence closes before the page's own sequences open, and where its text object ends.
 */
export function artifactContent(bytes: Uint8Array, resources: PDFDict | null, pagination: boolean): Uint8Array | null {
  const layout = readLayout(bytes);
  const writer = new ArtifactWriter(bytes, pagination ? layout.bodyEnd : Number.POSITIVE_INFINITY);
  let [depth, inText, pathStart, before] = [0, false, -1, 0];
  forEachOperator(bytes, (operator, operands, end) => {
    if (operator === "BDC" || operator === "BMC") {
      writer.close(before);
      depth++;
    } else if (operator === "EMC") depth = Math.max(0, depth - 1);
    else if (operator === "BT") {
      if (depth === 0 && !layout.markedTextObjects.has(before)) writer.ensureOpen(before, false);
      else if (!writer.openedInText) writer.close(before);
      inText = true;
    } else if (operator === "ET") {
      if (writer.openedInText) writer.close(before);
      inText = false;
    } else if (operator === "m" || operator === "re") {
      if (pathStart < 0) pathStart = before;
    } else if (PATH_ENDS.has(operator)) {
      if (depth === 0 && operator !== "n") writer.ensureOpen(pathStart < 0 ? before : pathStart, inText);
      pathStart = -1;
    } else if (depth === 0 && PAINTING.has(operator) && !(operator === "Do" && drawsTaggedForm(resources, operands[0])))
      writer.ensureOpen(before, inText);
    before = end;
  });
  if (!writer.wrapped) return null;
  writer.close(before);
  writer.pieces.push(bytes.subarray(writer.copied));
  return concatBytes(writer.pieces);
}

/** Marks the page's untagged content as artifacts, its content streams joined into one. */
export function mendPageArtifacts(page: PDFPage, pagination: boolean): void {
  const node = page.node;
  const content = artifactContent(pageContents(node), node.Resources() ?? null, pagination);
  if (content) node.set(PDFName.of("Contents"), page.doc.context.register(page.doc.context.flateStream(content)));
}
