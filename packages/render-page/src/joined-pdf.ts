// A chunked render's pieces joined into one PDF (docs/rendering.md#long-documents): the pages of every piece in
// order, the margins-only document's page i (headers and footers numbered across the whole) laid over page i,
// the document's identity and metadata set once, then its finishing. Nothing here prints: the render backend
// prints the pieces and the margins document and hands their bytes over.
import { PDFDocument, PDFHexString } from "@cantoo/pdf-lib";
import { applyFinishing, type PdfFinish } from "./pdf-finish.ts";

export interface DocumentIdentity {
  /** The /ID both halves take: the render's cache key, so the same request gives the same bytes. */
  documentId: string;
  metadata: {
    title?: string | undefined;
    author?: string | undefined;
    subject?: string | undefined;
    keywords?: string | undefined;
    creator?: string | undefined;
  };
}

/**
 * An HTML document of `pageCount` empty pages, each `width` x `height` points: printed with the render's header and
 * footer and no background, each of its pages is the margins of one page of the joined document.
 */
export function marginsDocument(pageCount: number): string {
  return (
    "<!doctype html><html><head><style>html,body{margin:0;background:transparent}" +
    "div{height:1px}div+div{break-before:page}</style></head><body>" +
    "<div></div>".repeat(pageCount) +
    "</body></html>"
  );
}

/** The size in points of the first page of `piece`: the margins document is printed at that size. */
export async function firstPageSize(piece: Uint8Array): Promise<{ width: number; height: number }> {
  const doc = await PDFDocument.load(piece, { updateMetadata: false });
  return doc.getPage(0).getSize();
}

/**
 * Joins `pieces` (each loaded, copied and let go in turn) into one document, lays the margins document's pages over
 * its pages when there are headers or footers (`margins`: its slices in order), and sets its identity; `finish`
 * applies the render's finishing to the whole.
 */
export async function joinPieces(
  pieces: AsyncIterable<Uint8Array>,
  margins: readonly Uint8Array[] | null,
  identity: DocumentIdentity,
  finish: PdfFinish | null,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  let title: string | undefined;
  for await (const bytes of pieces) {
    const piece = await PDFDocument.load(bytes, { updateMetadata: false });
    title ??= piece.getTitle();
    for (const page of await doc.copyPages(piece, piece.getPageIndices())) doc.addPage(page);
  }
  if (margins) await layMargins(doc, margins);
  setIdentity(doc, identity, title);
  if (finish) await applyFinishing(doc, finish);
  return doc.save();
}

/** Lays each page of the margins slices, in order, over the document's page of the same number. */
async function layMargins(doc: PDFDocument, slices: readonly Uint8Array[]): Promise<void> {
  const pages = doc.getPages();
  const mismatch = (count: string) =>
    new Error(`the margins document has ${count} pages for a document of ${pages.length}`);
  let next = 0;
  for (const bytes of slices) {
    const slice = await PDFDocument.load(bytes, { updateMetadata: false });
    if (next + slice.getPageCount() > pages.length) throw mismatch("more");
    for (const form of await doc.embedPages(slice.getPages())) {
      const page = pages[next++];
      page?.drawPage(form, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
    }
  }
  if (next !== pages.length) throw mismatch(String(next));
}

/** The info dictionary and /ID a single print gets from the Worker's normalizing, so both read the same. */
function setIdentity(doc: PDFDocument, { documentId, metadata }: DocumentIdentity, printedTitle: string | undefined) {
  const title = metadata.title ?? printedTitle;
  if (title) doc.setTitle(title);
  if (metadata.author) doc.setAuthor(metadata.author);
  if (metadata.subject) doc.setSubject(metadata.subject);
  if (metadata.keywords) doc.setKeywords([metadata.keywords]);
  doc.setCreator(metadata.creator ?? "Folio");
  doc.setProducer("Folio (Chromium)");
  const id = PDFHexString.of(documentId.slice(0, 32).toUpperCase());
  doc.context.trailerInfo.ID = doc.context.obj([id, id]);
}
