// The pages' share of a `pdfua` job (docs/accessibility.md#in-a-render): each page's content read, its untagged
// drawing wrapped as artifacts, and the mended content scanned for the check, all without the structure tree, so the
// render backend runs it in a thread of its own while the job's thread reads and mends the structure. What it answers
// is plain numbers and bytes, the form a message between threads carries; the job's thread reads it back against its
// own document.
import { type PDFContext, PDFDict, type PDFRef } from "@cantoo/pdf-lib";
import { concatBytes } from "../bytes.ts";
import { pageContents } from "./check.ts";
import { openLazyPdf } from "./lazy-pdf.ts";
import { artifactContent } from "./mend-artifacts.ts";
import { pooledRef } from "./object-lexer.ts";
import type { ReplayedScan } from "./page-content.ts";
import { type PageScan, type ScanState, scanPageContent } from "./page-scan.ts";
import { UnexpectedSyntax } from "./pdf-bytes.ts";

/** One page as the page thread answers it. */
export interface PageWork {
  /** The page's content with its artifacts wrapped, or null when the mend left it as it was. */
  content: Uint8Array | null;
  /** The scan's events (page-scan.ts). */
  events: Int32Array;
  /** Each font the page shows text with: its object number, generation, and 1 when any of its text is drawn. */
  fonts: Int32Array;
}

/** A page the job's thread mends and checks with the page thread's work. */
export interface ScannedPage {
  content: Uint8Array | null;
  scan: ReplayedScan;
}

/** Where a job's pages are worked: a thread of the render backend's; null when the file is not one it reads. */
export type PageWorker = (pdf: Uint8Array, pagination: boolean, maxPages: number) => Promise<PageWork[] | null>;

const NEWLINE = new Uint8Array([0x0a]);

/** The scan's fonts as numbers; null when one is a direct dictionary, which another thread cannot name. */
function fontNumbers(scan: PageScan): Int32Array | null {
  const numbers: number[] = [];
  for (const [dict, drawn] of scan.fonts) {
    const ref = scan.fontRefs.get(dict);
    if (!ref) return null;
    numbers.push(ref.objectNumber, ref.generationNumber, drawn ? 1 : 0);
  }
  return Int32Array.from(numbers);
}

/**
 * Every page of `pdf` mended (its artifacts) and scanned, in order; null when the file is not of the shape the lazy
 * reader opens, has more than `maxPages` pages, or names a font directly. The job's thread then works its pages.
 */
export function workPages(pdf: Uint8Array, pagination: boolean, maxPages: number): PageWork[] | null {
  const doc = openLazyPdf(pdf);
  if (!doc) return null;
  try {
    const pages = doc.getPages();
    if (pages.length > maxPages) return null;
    const state: ScanState = { markedForms: new Map(), formContents: new Map() };
    const worked: PageWork[] = [];
    for (const page of pages) {
      const node = page.node;
      const resources = node.Resources() ?? null;
      const original = pageContents(node);
      const content = artifactContent(original, resources, pagination);
      // What the check reads of a mended page: its one new stream, joined as pageContents joins it.
      const contents = content ? concatBytes([content, NEWLINE]) : original;
      const scan = scanPageContent({ ref: page.ref, contents, resources }, state);
      const fonts = fontNumbers(scan);
      if (!fonts) return null;
      worked.push({ content, events: Int32Array.from(scan.events), fonts });
    }
    return worked;
  } catch (error) {
    if (error instanceof UnexpectedSyntax) return null;
    throw error;
  }
}

/** A page's work read back against the job's own document: its fonts the dictionaries that document holds. */
export function scannedPage(work: PageWork, context: PDFContext): ScannedPage {
  const fonts = new Map<PDFDict, boolean>();
  for (let at = 0; at + 2 < work.fonts.length; at += 3) {
    const ref: PDFRef = pooledRef(work.fonts[at] as number, work.fonts[at + 1] as number);
    const dict = context.lookup(ref);
    if (!(dict instanceof PDFDict)) throw new Error(`The page thread named a font ${ref} the document does not hold`);
    fonts.set(dict, fonts.get(dict) === true || work.fonts[at + 2] === 1);
  }
  return { content: work.content, scan: { events: work.events, fonts } };
}
