// A `pdfua` render's PDF (docs/accessibility.md#in-a-render): finished without its encryption, mended and checked by
// the render backend page by page (with its print when nothing comes between), then encrypted. A render whose file still fails the check is refused with the
// violations (nothing stored or billed); a preview keeps its file and reports them. The receipt says what passed.
import type { AccessibilityAtPrint } from "@folio/render-page/accessibility-at-print";
import type { PdfMetadata } from "@folio/render-page/pdf-normalize";
import { MAX_PDFUA_PAGES } from "@folio/render-page/pdfua/accessibility-job";
import type { PdfUaReport, PdfUaViolation } from "@folio/render-page/pdfua/violations";
import type { AccessibilityCompliance } from "../../contract/compliance";
import type { RenderOptions } from "../../contract/render-options/options-schema";
import { ServiceError } from "../../errors";
import { marginLinkTexts } from "../accessibility/margin-links";
import type { AccessibilityResult, PdfUaMendOptions, RenderBackend, SideSeat } from "../chromium/driver";
import { finishPdf, type PdfFinishing } from "./pdf-finishing";

/**
 * What the mends need to know of the render, or undefined without `pdfua`: `margins` are the header and footer as
 * Liquid rendered them, whose links are named by their URL's text (the page names the body's after printing).
 */
export function pdfUaMendOptions(
  options: RenderOptions,
  margins: Pick<RenderOptions, "header_html" | "footer_html">,
): PdfUaMendOptions | undefined {
  if (!options.pdfua) return undefined;
  const { metadata, header_html, footer_html } = options;
  const links = marginLinkTexts(margins.header_html, margins.footer_html);
  return {
    title: metadata?.title,
    lang: metadata?.lang,
    pagination: header_html !== undefined || footer_html !== undefined,
    ...(Object.keys(links).length > 0 ? { links } : {}),
  };
}

const NO_CHECKER = new ServiceError(
  "render_failed",
  "No PDF/UA checker runs here (the Browser Rendering driver has no render backend), and a `pdfua` render is only " +
    "stored once checked; nothing was stored or billed. Retry where a render backend runs, or render without `pdfua`.",
  { details: { stage: "accessibility", reason: "accessibility_unchecked", retryable: true, transient: true } },
);

/**
 * Refused before Chromium prints: a template that expects more pages than the ceiling, and anywhere without a checker
 * (no `pdfua` file is stored unchecked).
 */
export function refuseBeforePrint(expectedPages: number, backend: () => RenderBackend): void {
  if (expectedPages > MAX_PDFUA_PAGES) throw tooManyPages(expectedPages, "expects");
  if (!backend().accessibility) throw NO_CHECKER;
}

function tooManyPages(pageCount: number, verb: "has" | "expects" = "has"): ServiceError {
  const what = verb === "has" ? "The document has" : "The template's `expected_pages` is";
  return new ServiceError(
    "render_failed",
    `${what} ${pageCount.toLocaleString("en-US")} pages; a \`pdfua\` render may have at most ` +
      `${MAX_PDFUA_PAGES} (/docs#finishing). Nothing was stored or billed.`,
    { details: { stage: "accessibility", reason: "too_many_pages", max_pages: MAX_PDFUA_PAGES, retryable: false } },
  );
}

function refusal(violations: PdfUaViolation[]): ServiceError {
  const rules = violations.map((v) => v.rule).join(", ");
  return new ServiceError(
    "render_failed",
    `The PDF does not pass the PDF/UA-1 check (${rules}); nothing was stored or billed. Correct the template: ` +
      "`details.violations` names each Matterhorn checkpoint and where it was first found.",
    { details: { stage: "accessibility", reason: "accessibility_invalid", retryable: false, violations } },
  );
}

const receipt = (report: PdfUaReport): AccessibilityCompliance => ({
  standard: "PDF/UA-1",
  checker: report.checker,
  checks: report.checks,
  valid: true,
});

export interface AccessiblePdf {
  bytes: Uint8Array;
  /** A file that passed: the receipt. */
  compliance?: AccessibilityCompliance;
  /** A preview's file that did not pass: what the check found (a render is refused instead). */
  violations?: PdfUaViolation[];
}

/** `bytes` (watermarked and marked already) finished, mended, checked, then encrypted when asked. */
export async function accessiblePdf(
  printed: { bytes: Uint8Array; pageCount: number },
  finishing: PdfFinishing | null,
  mend: PdfUaMendOptions,
  run: { backend: RenderBackend; seat: SideSeat; preview: boolean },
): Promise<AccessiblePdf> {
  const checks = run.backend.accessibility;
  if (!checks) throw NO_CHECKER;
  if (printed.pageCount > MAX_PDFUA_PAGES) throw tooManyPages(printed.pageCount);
  const encryption = finishing?.encryption;
  const finished = finishing ? await finishPdf(printed.bytes, { ...finishing, encryption: undefined }) : printed.bytes;
  return concludedPdf(await checks.mendAndCheck(finished, mend, run.seat), encryption, run.preview);
}

/**
 * A mended and checked PDF (by the route above, or by the backend with its print: accessibilityAtPrint) refused
 * with its violations, or a preview's kept with them, or encrypted when asked and answered with its receipt.
 */
export async function concludedPdf(
  { pdf, report }: AccessibilityResult,
  encryption: RenderOptions["encryption"],
  preview: boolean,
): Promise<AccessiblePdf> {
  if (report.violations.length > 0 && !preview) throw refusal(report.violations);
  const bytes = encryption ? await finishPdf(pdf, { attachments: [], encryption }) : pdf;
  return report.violations.length > 0
    ? { bytes, violations: report.violations }
    : { bytes, compliance: receipt(report) };
}

/**
 * The mends asked of the backend with the print (docs/accessibility.md#in-a-render) when nothing of the Worker's
 * comes between the print and the mends: no preview mark, and no finishing but encryption, which comes after them.
 */
export function accessibilityAtPrint(
  mend: PdfUaMendOptions | undefined,
  finishing: PdfFinishing | null,
  job: { documentId: string; metadata: PdfMetadata | undefined; marked: boolean },
): AccessibilityAtPrint | undefined {
  if (!mend || job.marked) return undefined;
  if (finishing && (finishing.pdfa || finishing.attachments.length > 0 || finishing.eInvoice)) return undefined;
  return { documentId: job.documentId, metadata: job.metadata ?? {}, mend };
}
