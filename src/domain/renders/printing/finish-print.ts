// One finish for every print (docs/rendering.md#long-documents): the Factur-X receipt read (its refusal comes before
// anything is stored or billed), a whole PDF normalized, marked and finished in the Worker (a joined one the render
// backend finished at its join, a `pdfua` one it mended with its print only concluded here), and an XML file shipped
// with its PDF inside, checked as it ships.

import { printsTagged } from "@folio/render-page/job-contract";
import { normalizePdf } from "@folio/render-page/pdf-normalize";
import type { PdfUaViolation } from "@folio/render-page/pdfua/violations";
import type { Compliance, EInvoiceCompliance } from "../../../contract/compliance";
import { UNTIMED } from "../../../lib/render-timings";
import type { JoinedFile, RenderedFile } from "../../../render/chromium/driver";
import { eInvoiceKind } from "../../../render/e-invoice/e-invoice";
import { checkedEInvoice } from "../../../render/e-invoice/e-invoice-compliance";
import { type AccessiblePdf, accessiblePdf, concludedPdf } from "../../../render/pdf/accessible-pdf";
import { finishPdf } from "../../../render/pdf/pdf-finishing";
import { markPdfPages } from "../../../render/pdf/preview-mark-pdf";
import { embedPdfInUbl } from "../../../render/pdf/ubl-embed";
import type { PreparedPrint, PrintJob } from "./prepare-print";
import type { PrintDeps, RenderSeat } from "./print-context";
import { signFile } from "./sign-file";

/** A file printed whole, with its receipt when something in it was checked. */
export interface FinishedFile extends RenderedFile {
  compliance?: Compliance;
  /** A `pdfua` preview whose file failed the check: its violations, answered as warnings. */
  accessibilityViolations?: PdfUaViolation[];
}

/** What the pieces made: their joined file (to stream into storage), or only their pages when they passed the ceiling. */
export interface PrintedPieces {
  pageCount: number;
  joined?: JoinedFile;
}

export interface ChunkedFile extends PrintedPieces {
  compliance?: Compliance;
}

const receipt = (compliance: EInvoiceCompliance | undefined) =>
  compliance ? { compliance: { e_invoice: compliance } } : {};

/** `shipped` with the accessibility and signature receipts (or a preview's violations) its PDF came with. */
function withPdfReceipts(shipped: FinishedFile, pdf: FinishedFile | null): FinishedFile {
  const { accessibility, signature } = pdf?.compliance ?? {};
  const receipts = { ...(accessibility ? { accessibility } : {}), ...(signature ? { signature } : {}) };
  return {
    ...shipped,
    ...(accessibility || signature ? { compliance: { ...shipped.compliance, ...receipts } } : {}),
    ...(pdf?.accessibilityViolations ? { accessibilityViolations: pdf.accessibilityViolations } : {}),
  };
}

/** The file with what the accessibility work answered: its bytes, its receipt or a preview's violations. */
function withAccessibility(file: RenderedFile, accessible: AccessiblePdf): FinishedFile {
  return {
    bytes: accessible.bytes,
    pageCount: file.pageCount,
    ...(file.cut ? { cut: true } : {}),
    ...(accessible.compliance ? { compliance: { accessibility: accessible.compliance } } : {}),
    ...(accessible.violations ? { accessibilityViolations: accessible.violations } : {}),
  };
}

/**
 * A printed PDF normalized (its identity from the cache key), marked for a preview, then finished; with `pdfua`,
 * mended and checked before its encryption. A file the backend normalized, mended and checked with its print
 * (accessibilityAtPrint) is only concluded: refused, or encrypted with its receipt.
 */
async function finishedPdf(file: RenderedFile, context: FinishContext): Promise<FinishedFile> {
  const { prepared, job, deps, seat } = context;
  if (prepared.format !== "pdf") return file;
  const encryption = prepared.finishing?.encryption;
  if (file.accessibility)
    return withAccessibility(
      file,
      await concludedPdf({ pdf: file.bytes, report: file.accessibility }, encryption, false),
    );
  const normalized = normalizePdf(file.bytes, job.plan.documentId, job.options.metadata, {
    tagged: printsTagged(job.options),
  });
  const outline = job.plan.signature?.option.visible;
  const marked = job.mark ? await markPdfPages(normalized, job.mark, outline) : normalized;
  if (!prepared.accessibility) {
    const bytes = prepared.finishing ? await finishPdf(marked, prepared.finishing) : marked;
    return { bytes, pageCount: file.pageCount, ...(file.cut ? { cut: true } : {}) };
  }
  const run = { backend: deps.chromium(), seat, preview: job.mark !== undefined };
  // The names the page gave its links travel with the job's options, for the annotations' /Contents.
  const mend = file.linkNames ? { ...prepared.accessibility, linkNames: file.linkNames } : prepared.accessibility;
  const printed = { pageCount: file.pageCount, bytes: marked };
  return withAccessibility(file, await accessiblePdf(printed, prepared.finishing, mend, run));
}

/** The finished PDF signed as its last step, with the receipt; a preview never signs (its warning says so). */
async function signedPdf(file: FinishedFile, { job, deps, seat }: FinishContext): Promise<FinishedFile> {
  const signature = job.plan.signature;
  if (!signature || job.mark) return file;
  const signed = await signFile(file, signature, seat.accountId, deps);
  return { ...file, bytes: signed.bytes, compliance: { ...file.compliance, signature: signed.receipt } };
}

/**
 * The e-invoice's XML as the file, with the PDF inside for a UBL render, checked with the official rules as it ships,
 * so the receipt is about the very bytes stored.
 */
async function shippedXml(
  xml: NonNullable<PreparedPrint["xml"]>,
  pdf: RenderedFile | null,
  deps: PrintDeps,
  seat: RenderSeat,
): Promise<FinishedFile> {
  const shipped = pdf ? embedPdfInUbl(xml.text, pdf.bytes) : xml.text;
  const compliance = await checkedEInvoice(
    deps.chromium(),
    { xml: shipped, ...eInvoiceKind(xml.invoice) },
    xml.invoice.validation ?? "enforce",
    seat,
  );
  return {
    bytes: new TextEncoder().encode(shipped),
    pageCount: pdf?.pageCount ?? 0,
    compliance: { e_invoice: compliance },
  };
}

/** What every finish is given besides the printed file: the preparation, the job, and for an XML file its check. */
export interface FinishContext {
  prepared: PreparedPrint;
  job: PrintJob;
  deps: PrintDeps;
  seat: RenderSeat;
}

/** Joined pieces: the Factur-X receipt read, the joined file let go should it be refused. */
async function finishedPieces(printed: PrintedPieces, { prepared }: FinishContext): Promise<ChunkedFile> {
  const { joined } = printed;
  // Pieces past the ceiling have no file: the settle refuses their pages.
  if (!joined) return printed;
  const compliance = await prepared.checking.catch(async (error) => {
    await joined.body.cancel();
    throw error;
  });
  return { ...printed, ...receipt(compliance) };
}

/** The `finish` phase of the render's timings (Server-Timing): everything a file gets after Chromium. */
export function finishPrint(printed: RenderedFile | null, context: FinishContext): Promise<FinishedFile>;
export function finishPrint(printed: PrintedPieces, context: FinishContext): Promise<ChunkedFile>;
export function finishPrint(
  printed: RenderedFile | PrintedPieces | null,
  context: FinishContext,
): Promise<FinishedFile | ChunkedFile> {
  return (context.deps.timings ?? UNTIMED).measure("finish", () => finishFile(printed, context));
}

async function finishFile(
  printed: RenderedFile | PrintedPieces | null,
  context: FinishContext,
): Promise<FinishedFile | ChunkedFile> {
  if (printed && !("bytes" in printed)) return finishedPieces(printed, context);
  const { prepared, deps, seat } = context;
  const compliance = await prepared.checking;
  const file = printed && (await signedPdf(await finishedPdf(printed, context), context));
  if (prepared.xml) return withPdfReceipts(await shippedXml(prepared.xml, file, deps, seat), file);
  if (!file) throw new Error("only an XML file prints nothing");
  return withPdfReceipts({ ...file, ...receipt(compliance) }, file);
}
