// Content that is neither tagged nor an artifact (01-005) marked as an artifact (docs/accessibility.md#mends): what
// Chromium prints from header and footer templates, and any other drawing outside every marked-content sequence,
// wrapped in /Artifact sequences. Only marked-content operators are added, so the page draws the same pixels.
import { type PDFDict, PDFName, type PDFPage } from "@cantoo/pdf-lib";
import { pageContents } from "./check.ts";
import { forEachOperator, type Operand } from "./content-tokens.ts";
import { concatBytes, dictAt, streamBytes } from "./pdf-values.ts";

/** Operators that put something on the page (a form drawn with Do included). */
const PAINTING = new Set(["Tj", "TJ", "'", '"', "S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "sh", "BI", "Do"]);
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

/**
 * Where the page's last tagged sequence at the top level ends: Chromium prints the margins (header and footer
 * templates) after the body. Artifacts after it (the watermark and preview mark, drawn last) do not move it.
 */
function bodyEnd(bytes: Uint8Array): number {
  let depth = 0;
  let tagged = false;
  let last = 0;
  forEachOperator(bytes, (operator, operands, end) => {
    if (operator === "BDC" || operator === "BMC") {
      if (depth++ === 0) tagged = !(isName(operands[0]) && operands[0].name === "Artifact");
    } else if (operator === "EMC" && depth > 0 && --depth === 0 && tagged) last = end;
  });
  return last;
}

/**
 * The content with every painting operator outside marked content inside an /Artifact sequence; null when there is
 * none. With `pagination`, what follows the last sequence is a pagination artifact. A sequence is closed before any
 * BT or ET that would cut it, and before the page's own sequences open.
 */
export function artifactContent(bytes: Uint8Array, resources: PDFDict | null, pagination: boolean): Uint8Array | null {
  const marginsFrom = pagination ? bodyEnd(bytes) : Number.POSITIVE_INFINITY;
  const pieces: Uint8Array[] = [];
  let copied = 0;
  let depth = 0;
  let open: "" | "artifact" | "pagination" = "";
  let inText = false;
  let openedInText = false;
  let wrapped = false;
  const close = (at: number) => {
    pieces.push(bytes.subarray(copied, at), CLOSE);
    copied = at;
    open = "";
  };
  let before = 0;
  forEachOperator(bytes, (operator, operands, end) => {
    if (operator === "BDC" || operator === "BMC") {
      if (open) close(before);
      depth++;
    } else if (operator === "EMC") depth = Math.max(0, depth - 1);
    else if (operator === "BT" || operator === "ET") {
      if (open && openedInText === inText) close(before);
      inText = operator === "BT";
    } else if (depth === 0 && PAINTING.has(operator)) {
      const kind = before >= marginsFrom ? "pagination" : "artifact";
      if (open && open !== kind) close(before);
      if (!open && !(operator === "Do" && drawsTaggedForm(resources, operands[0]))) {
        pieces.push(bytes.subarray(copied, before), OPEN[kind]);
        copied = before;
        open = kind;
        openedInText = inText;
        wrapped = true;
      }
    }
    before = end;
  });
  if (!wrapped) return null;
  if (open) close(before);
  pieces.push(bytes.subarray(copied));
  return concatBytes(pieces);
}

/** Marks the page's untagged content as artifacts, its content streams joined into one. */
export function mendPageArtifacts(page: PDFPage, pagination: boolean): void {
  const node = page.node;
  const content = artifactContent(pageContents(node), node.Resources() ?? null, pagination);
  if (content) node.set(PDFName.of("Contents"), page.doc.context.register(page.doc.context.flateStream(content)));
}
