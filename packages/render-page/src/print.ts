// A job's PDF: its title, its page geometry (options over the document's @page rules), the print options
// Puppeteer takes, and the table of contents when the job asks for one.
import type { InPageDocument } from "./in-page-dom.ts";
import { type PageOptions, printsTagged, type RenderedFile, type RenderJob } from "./job-contract.ts";
import { readLinkNames } from "./link-names.ts";
import {
  applyOverride,
  needsDeclaredPage,
  type PageGeometry,
  pageGeometry,
  readDeclaredPage,
} from "./page-geometry.ts";
import type { PageLike } from "./page-like.ts";
import { pdfPageCount } from "./pdf-structure.ts";
import { printWithTableOfContents } from "./table-of-contents.ts";

/** Only ever touched inside functions that Puppeteer serializes and runs in the page. */
declare const document: InPageDocument;

/** Chromium's page range for the job: its slice when it has one, else one page past its ceiling, else all pages. */
function pageRanges({ pageRange, maxPages }: Pick<RenderJob, "pageRange" | "maxPages">): string | undefined {
  if (pageRange) return `${pageRange.first}-${pageRange.last}`;
  // One page past the ceiling is enough to know the document does not fit; Chromium clamps a range past the end.
  return maxPages === undefined ? undefined : `1-${maxPages + 1}`;
}

function pdfOptions(options: PageOptions, geometry: PageGeometry, ranges: string | undefined): Record<string, unknown> {
  const header = options.header_html;
  const footer = options.footer_html;
  return {
    ...geometry.pdf,
    printBackground: options.print_background ?? true,
    scale: options.scale ?? 1,
    displayHeaderFooter: header !== undefined || footer !== undefined,
    headerTemplate: header ?? "<span></span>",
    footerTemplate: footer ?? "<span></span>",
    ...(ranges === undefined ? {} : { pageRanges: ranges }),
    // Chromium builds the structure tree (with /Lang from <html lang>) and the bookmarks from the headings.
    tagged: printsTagged(options),
    outline: options.outline === true,
    timeout: 0,
  };
}

/**
 * Prints the loaded document of `job` as a PDF, and counts its pages; a `pdfua` document's link names are read once it
 * printed, the table of contents filled in (its links are links too). A job that cuts at its ceiling (a preview) and
 * finds a page past it prints again up to the ceiling: Chromium's own print of those pages keeps their structure tree,
 * outline and links whole, which deleting pages from the longer file would leave pointing at pages it no longer holds.
 */
export async function printPdf(page: PageLike, job: RenderJob): Promise<RenderedFile> {
  const o = job.options;
  if (o.metadata?.title !== undefined)
    await page.evaluate((title: string) => {
      document.title = title;
    }, o.metadata.title);
  // A document without <html lang> would be tagged with Chromium's own locale ("en-US@posix", not a language tag):
  // `metadata.lang` is its language then (docs/accessibility.md#in-a-render), on the root element as Chromium reads it.
  if (o.metadata?.lang !== undefined)
    await page.evaluate((lang: string) => {
      if (!document.documentElement.lang) document.documentElement.lang = lang;
    }, o.metadata.lang);
  const geometry = pageGeometry(o, needsDeclaredPage(o) ? await readDeclaredPage(page) : null);
  if (geometry.overrideCss) await applyOverride(page, geometry.overrideCss);
  const printed = (ranges: string | undefined) => {
    const print = () => page.pdf(pdfOptions(o, geometry, ranges));
    return o.toc === true ? printWithTableOfContents(page, print) : print();
  };
  const bytes = await printed(pageRanges(job));
  const pageCount = pdfPageCount(bytes);
  const file: RenderedFile =
    !job.cutAtMaxPages || job.maxPages === undefined || pageCount <= job.maxPages
      ? { bytes, pageCount }
      : await printed(`1-${job.maxPages}`).then((cut) => ({ bytes: cut, pageCount: pdfPageCount(cut), cut: true }));
  const linkNames = o.pdfua === undefined ? null : await readLinkNames(page);
  return linkNames ? { ...file, linkNames } : file;
}
