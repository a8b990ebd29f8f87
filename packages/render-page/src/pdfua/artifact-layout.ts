// What the artifact mend reads of a content stream before it rewrites it (docs/accessibility.md#mends): which kind
// each marked-content sequence is, where the page's body ends, and which text objects hold sequences of their own.
import { type PDFDict, PDFName } from "@cantoo/pdf-lib";
import type { Operand } from "./content-tokens.ts";
import { walkOperators } from "./operator-list.ts";
import { dictAt, streamBytes } from "./pdf-values.ts";

/**
 * A sequence is tagged content (it has an MCID, or properties named in the resources), an artifact, or neither:
 * Chromium wraps some glyphs in `/Span <</ActualText (-)>> BDC` with no MCID, which hides nothing and tags nothing.
 */
export type SequenceKind = "tagged" | "artifact" | "neither";

const latin1 = new TextDecoder("latin1");

export const isName = (operand: Operand | undefined): operand is { name: string } =>
  typeof operand === "object" && operand !== null && "name" in operand;

export function sequenceKind(operator: string, operands: Operand[]): SequenceKind {
  if (isName(operands[0]) && operands[0].name === "Artifact") return "artifact";
  const properties = operator === "BDC" ? operands[1] : undefined;
  if (isName(properties)) return "tagged";
  const dict = typeof properties === "object" && properties !== null && "dict" in properties ? properties.dict : null;
  return dict?.has("MCID") ? "tagged" : "neither";
}

/** A form whose own content is tagged: wrapping its drawing in an artifact would hide that content (01-004). */
export function drawsTaggedForm(resources: PDFDict | null, name: Operand | undefined): boolean {
  if (!isName(name)) return false;
  const bytes = streamBytes(dictAt(resources, "XObject")?.lookup(PDFName.of(name.name)));
  return bytes !== null && latin1.decode(bytes).includes("/MCID");
}

export interface Layout {
  /** Chromium prints the margins (header and footer templates) after the body's last tagged sequence. */
  bodyEnd: number;
  /** Where each text object holding tagged content or artifacts begins (the offset before its BT). */
  markedTextObjects: Set<number>;
}

export function readLayout(bytes: Uint8Array): Layout {
  const layout: Layout = { bodyEnd: 0, markedTextObjects: new Set() };
  let [depth, tagged, textObject, before] = [0, false, -1, 0];
  walkOperators(bytes, (operator, operands, end) => {
    if (operator === "BT") textObject = before;
    else if (operator === "ET") textObject = -1;
    else if (operator === "BDC" || operator === "BMC") {
      const kind = sequenceKind(operator, operands);
      if (textObject >= 0 && kind !== "neither") layout.markedTextObjects.add(textObject);
      if (depth++ === 0) tagged = false;
      // Artifacts drawn after the body (the watermark, the preview mark) do not move where it ends.
      if (kind === "tagged") tagged = true;
    } else if (operator === "EMC" && depth > 0 && --depth === 0 && tagged) layout.bodyEnd = end;
    before = end;
  });
  return layout;
}
