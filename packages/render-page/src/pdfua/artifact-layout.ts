// What the artifact mend reads of a content stream before it rewrites it (docs/accessibility.md#mends): which kind
// each marked-content sequence is, where the page's body ends, and which text objects hold sequences of their own.
import { type PDFDict, PDFName } from "@cantoo/pdf-lib";
import type { Operand } from "./content-tokens.ts";
import { OP, operandsOf, operatorList } from "./operator-list.ts";
import { dictAt, streamBytes } from "./pdf-values.ts";

/**
 * A sequence is tagged content (it has an MCID, or properties named in the resources), an artifact, or neither:
 * Chromium wraps some glyphs in `/Span <</ActualText (-)>> BDC` with no MCID, which hides nothing and tags nothing.
 */
export type SequenceKind = "tagged" | "artifact" | "neither";

const latin1 = new TextDecoder("latin1");

export const isName = (operand: Operand | undefined): operand is { name: string } =>
  typeof operand === "object" && operand !== null && "name" in operand;

/** The kind of the sequence a BDC or BMC (`code`) opens. */
export function sequenceKind(code: number, operands: Operand[]): SequenceKind {
  if (isName(operands[0]) && operands[0].name === "Artifact") return "artifact";
  const properties = code === OP.BDC ? operands[1] : undefined;
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
  const list = operatorList(bytes);
  const { codes, ends } = list;
  let [depth, tagged, textObject] = [0, false, -1];
  for (let index = 0; index < list.count; index++) {
    const code = codes[index];
    if (code === OP.BT) textObject = index === 0 ? 0 : (ends[index - 1] as number);
    else if (code === OP.ET) textObject = -1;
    else if (code === OP.BDC || code === OP.BMC) {
      const kind = sequenceKind(code, operandsOf(list, index));
      if (textObject >= 0 && kind !== "neither") layout.markedTextObjects.add(textObject);
      if (depth++ === 0) tagged = false;
      // Artifacts drawn after the body (the watermark, the preview mark) do not move where it ends.
      if (kind === "tagged") tagged = true;
    } else if (code === OP.EMC && depth > 0 && --depth === 0 && tagged) layout.bodyEnd = ends[index] as number;
  }
  return layout;
}
