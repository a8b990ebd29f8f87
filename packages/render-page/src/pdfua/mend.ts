// Chromium's tagged PDF made PDF/UA-1 (docs/accessibility.md#mends): the document's entries, its XMP, its structure
// tree and its links when opened, then each page's untagged content as the caller asks, so a caller can stop at its
// page ceiling as with the checker. Nothing a mend adds is drawn: every page keeps its pixels.
import { type PDFDocument, PDFHexString } from "@cantoo/pdf-lib";
import type { Normalization } from "../pdf-normalize.ts";
import { mendPageArtifacts, setPageContent } from "./mend-artifacts.ts";
import { type DocumentEntries, mendCatalog } from "./mend-catalog.ts";
import { type LinkTexts, mendLinks } from "./mend-links.ts";
import { mendStructure } from "./mend-structure.ts";
import { mendXmp } from "./mend-xmp.ts";
import { openVerbatimPdf } from "./verbatim-pdf.ts";

export interface PdfUaMendOptions extends DocumentEntries {
  /**
   * The render printed `header_html` or `footer_html`: what Chromium prints after a page's last tagged content (the
   * margins, printed last) becomes a pagination artifact rather than a plain one.
   */
  pagination?: boolean | undefined;
  /** The text of the document's links, by target, for their annotations' /Contents (else their address). */
  links?: LinkTexts | undefined;
  /**
   * The accessible name of each link the page printed, in document order (docs/accessibility.md#mends): its text, else
   * its aria-label, else the alt of its images. Used only when it holds one name per Link element.
   */
  linkNames?: readonly string[] | undefined;
}

export interface PdfUaMend {
  /** The document being mended: once save() answers, exactly what the saved file holds. */
  readonly document: PDFDocument;
  readonly pageCount: number;
  /** Whether Folio writes the file: then the save leaves the document as it is (pdf-lib's adds a page to an empty one). */
  readonly verbatim: boolean;
  /**
   * Marks page `index`'s (0-based) untagged content as artifacts; `content` is that content when the page thread made
   * it already (page-work.ts: null when nothing needed marking).
   */
  mendPage(index: number, content?: Uint8Array | null): void;
  /** The mended file. */
  save(): Promise<Uint8Array>;
}

/**
 * A file identifier (ISO 32000-1 14.4) that the content decides: pdf-lib saves the same bytes for the same input
 * once the trailer has one, and Chromium's own is kept when present.
 */
async function setFileIdentifier(doc: PDFDocument, bytes: Uint8Array): Promise<void> {
  if (doc.context.lookup(doc.context.trailerInfo.ID)) return;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)).subarray(0, 16);
  const id = PDFHexString.of([...digest].map((byte) => byte.toString(16).padStart(2, "0")).join(""));
  doc.context.trailerInfo.ID = doc.context.obj([id, id]);
}

/**
 * Opens `bytes` (as Chromium printed them, after the watermark, the preview mark and finishing, before encryption);
 * with `normalization`, a tagged print as it came from Chromium, normalized as it is read.
 */
export async function openPdfUaMend(
  bytes: Uint8Array,
  options: PdfUaMendOptions = {},
  normalization?: Normalization,
): Promise<PdfUaMend> {
  const { document: doc, save, verbatim } = await openVerbatimPdf(bytes, normalization);
  // Its strings and streams read as ciphertext: what the mends write would be read as ciphertext too.
  if (doc.isEncrypted) throw new Error("An encrypted PDF cannot be mended for PDF/UA: the mends run before encryption");
  await setFileIdentifier(doc, bytes);
  mendCatalog(doc, options);
  mendXmp(doc);
  mendStructure(doc.catalog);
  mendLinks(doc, options.links ?? {}, options.linkNames ?? []);
  const pages = doc.getPages();
  return {
    document: doc,
    pageCount: pages.length,
    verbatim,
    mendPage(index, content) {
      const page = pages[index];
      if (!page) throw new RangeError(`The document has ${pages.length} pages: there is no page ${index + 1}`);
      if (content === undefined) mendPageArtifacts(page, options.pagination === true);
      else if (content) setPageContent(page, content);
    },
    save,
  };
}

/** Mends every page of `bytes`. */
export async function mendForPdfUa(bytes: Uint8Array, options: PdfUaMendOptions = {}): Promise<Uint8Array> {
  const mend = await openPdfUaMend(bytes, options);
  for (let index = 0; index < mend.pageCount; index++) mend.mendPage(index);
  return mend.save();
}
