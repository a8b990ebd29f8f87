// One `pdfua` render's accessibility work in the render backend (docs/accessibility.md#in-a-render): the finished,
// not yet encrypted PDF mended page by page, then checked page by page, refused before either starts when it has
// more pages than the ceiling the measured cost per page allows. The wire form is one JSON line and the PDF after it,
// both ways, so a megabyte of PDF travels as itself and not in base64.
import { JobFailure } from "../job-failure.ts";
import type { Normalization } from "../pdf-normalize.ts";
import { openDocumentCheck } from "./check.ts";
import { openPdfUaMend, type PdfUaMendOptions } from "./mend.ts";
import { type PageWorker, scannedPage } from "./page-work.ts";
import type { PdfUaReport } from "./violations.ts";

/**
 * The most pages a `pdfua` render may have (docs/limits.md#accessible-pdfs): the job must end within half of the side
 * thread's 20 s, the other half left for a machine busier than the bench's. `bench/pdfua.ts` measured the job at
 * 21.3 ms a page on a 201-page invoice under a load of 4.5 on 2 cores; 10,000 ms / 21.3 ms is 469 pages, 450 rounded.
 */
export const MAX_PDFUA_PAGES = 450;

export interface AccessibilityResult {
  pdf: Uint8Array;
  report: PdfUaReport;
}

function tooManyPages(pageCount: number): JobFailure {
  return new JobFailure(
    "render_failed",
    `The document has ${pageCount.toLocaleString("en-US")} pages; an accessible (pdfua) render may have at most ` +
      `${MAX_PDFUA_PAGES} (/docs#finishing).`,
    { stage: "accessibility", reason: "too_many_pages", max_pages: MAX_PDFUA_PAGES, retryable: false },
  );
}

/**
 * Mends `pdf` for PDF/UA-1 and checks the mended file, page by page. The check reads the mended document in memory
 * once it is saved, rather than parsing the saved bytes a second time: pdf-lib writes each object as it holds it, and
 * the whole mutation corpus checks the same in memory as read back (test/pdfua/check-in-memory.test.ts).
 * With `pages`, the pages' content is mended and scanned there (another thread) while this one reads and mends the
 * structure, then checks the document's own conditions (catalog, objects, structure tree) while it waits: nothing
 * the pages' content or a save by Folio's writer changes is read by them (pdf-lib's save may add a page to an empty
 * document, so a file it writes is checked once saved). When the page thread answers nothing, this thread works the
 * pages itself. With `normalization`, `pdf` is a tagged print as Chromium made it, normalized as it is read.
 */
export async function mendAndCheck(
  pdf: Uint8Array,
  options: PdfUaMendOptions,
  pages?: PageWorker,
  normalization?: Normalization,
): Promise<AccessibilityResult> {
  const working = pages ? pages(pdf, options.pagination === true, MAX_PDFUA_PAGES) : Promise.resolve(null);
  const mend = await openPdfUaMend(pdf, options, normalization);
  if (mend.pageCount > MAX_PDFUA_PAGES) throw tooManyPages(mend.pageCount);
  const checkedEarly = mend.verbatim ? openDocumentCheck(mend.document) : undefined;
  const worked = await working;
  const scanned =
    worked?.length === mend.pageCount ? worked.map((page) => scannedPage(page, mend.document.context)) : undefined;
  for (let index = 0; index < mend.pageCount; index++) mend.mendPage(index, scanned?.[index]?.content);
  const mended = await mend.save();
  const check = checkedEarly ?? openDocumentCheck(mend.document);
  for (let index = 0; index < check.pageCount; index++) check.checkPage(index, scanned?.[index]?.scan);
  return { pdf: mended, report: check.report() };
}

const NEWLINE = 0x0a;
const encoder = new TextEncoder();

/** `head` as one JSON line (JSON.stringify escapes every newline), then `pdf`. */
export function framedPdf(head: unknown, pdf: Uint8Array): Uint8Array {
  const line = encoder.encode(`${JSON.stringify(head)}\n`);
  const framed = new Uint8Array(line.byteLength + pdf.byteLength);
  framed.set(line);
  framed.set(pdf, line.byteLength);
  return framed;
}

/** The JSON line and the PDF after it; a body without the line is refused. */
export function unframedPdf<Head>(framed: Uint8Array): { head: Head; pdf: Uint8Array } {
  const end = framed.indexOf(NEWLINE);
  if (end < 0)
    throw new JobFailure("render_failed", "The accessibility request held no options.", { stage: "accessibility" });
  const head = JSON.parse(new TextDecoder().decode(framed.subarray(0, end))) as Head;
  return { head, pdf: framed.subarray(end + 1) };
}
