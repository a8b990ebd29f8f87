// A `pdfua` render's mends and check asked of the render backend with its print (docs/accessibility.md#in-a-render):
// when nothing changes the file between its print and its mends, the backend normalizes it as the Worker's finish
// would and runs the accessibility job before it answers, so the file does not travel to the Worker and back first.
import type { PdfMetadata } from "./pdf-normalize.ts";
import type { PdfUaMendOptions } from "./pdfua/mend.ts";

/** What the backend needs to make a printed file what the Worker's finish would have sent it to be mended. */
export interface AccessibilityAtPrint {
  /** The render's document id and metadata, for the normalization (pdf-normalize.ts). */
  documentId: string;
  metadata: PdfMetadata;
  /** The mends' options but the link names, which the page gives. */
  mend: PdfUaMendOptions;
}

const isObject = (value: unknown) => typeof value === "object" && value !== null;

/** The wire's `accessibility`, kept only whole: a document id, metadata and mend options as objects. */
export function accessibilityFromWire(wire: Partial<AccessibilityAtPrint> | undefined): {
  accessibility?: AccessibilityAtPrint;
} {
  const { documentId, metadata, mend } = wire ?? {};
  if (typeof documentId !== "string" || !isObject(metadata) || !isObject(mend)) return {};
  return { accessibility: { documentId, metadata: metadata as PdfMetadata, mend: mend as PdfUaMendOptions } };
}
