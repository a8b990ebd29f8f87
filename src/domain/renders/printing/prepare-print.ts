// One preparation for every print, whole or in pieces (docs/rendering.md#long-documents): the options' Liquid parts
// rendered, the finishing resolved, the Factur-X check started, and the options Chromium and the render backend take.
// It runs before Chromium is asked for anything, so a Liquid mistake or a refused XML costs no browser time.
import type { PageFormat } from "@folio/render-page/job-contract";
import type { JoinJob } from "@folio/render-page/join-contract";
import type { EInvoiceCompliance } from "../../../contract/compliance";
import type { RenderOptions } from "../../../contract/render-options/options-schema";
import { type PhaseRecorder, UNTIMED } from "../../../lib/render-timings";
import type { PdfUaMendOptions } from "../../../render/chromium/driver";
import { type EInvoiceOption, renderEInvoiceXml } from "../../../render/e-invoice/e-invoice";
import { checkedEInvoice } from "../../../render/e-invoice/e-invoice-compliance";
import { type LiquidInput, type RenderPart, renderLiquid } from "../../../render/liquid/liquid";
import { pdfUaMendOptions, refuseBeforePrint } from "../../../render/pdf/accessible-pdf";
import { type PdfFinishing, preparePdfFinishing } from "../../../render/pdf/pdf-finishing";
import type { Watermark } from "../../../render/pdf/watermark";
import type { RenderPlan } from "../render-plan";
import { DEFAULT_TIMEOUT_MS, type PrintDeps, type RenderSeat } from "./print-context";

/** What is printed: the plan, its options (a card's own size), its preview mark, and how its Liquid parts render. */
export interface PrintJob {
  plan: RenderPlan;
  options: RenderOptions;
  mark: Required<Watermark> | undefined;
  /** Each Liquid option is parsed once per distinct source: a request's own header is not the template's. */
  renderPart: RenderPart;
}

export interface PreparedPrint {
  /** What Chromium prints (a UBL file's PDF is a `pdf`), or null when nothing prints (an XML file alone). */
  format: PageFormat | null;
  /** Chromium's options: the Worker's own taken out, the header and footer rendered. */
  options: RenderOptions;
  /** The rendered header and footer with the margins they print in, for a join; absent when there are neither. */
  margins: JoinJob["margins"];
  finishing: PdfFinishing | null;
  /** `pdfua`: what the mends need, the PDF then mended and checked between its finishing and its encryption. */
  accessibility?: PdfUaMendOptions;
  timeoutMs: number;
  /** The Factur-X XML's receipt, checked while the pages print (undefined without one); a refusal still comes first. */
  checking: Promise<EInvoiceCompliance | undefined>;
  /** `format: "xml"`: the e-invoice's XML, which is the file, before any printed PDF goes inside it. */
  xml?: { text: string; invoice: EInvoiceOption };
}

/** Renders the options' Liquid parts with `input` (its Liquid budget shared with whatever else renders with it). */
export function partRenderer(input: LiquidInput, timings: PhaseRecorder = UNTIMED): RenderPart {
  return (part, path, markup) => timings.measure("template", () => renderLiquid(part, input, path, markup));
}

/**
 * Options done in the Worker (the watermark in the document, the rest on the printed PDF): Chromium never sees them,
 * passwords included.
 */
const WORKER_ONLY: ReadonlySet<string> = new Set(["watermark", "pdfa", "attachments", "e_invoice", "encryption"]);

function chromiumOptions(
  options: RenderOptions,
  rendered: Pick<RenderOptions, "header_html" | "footer_html">,
): RenderOptions {
  return { ...Object.fromEntries(Object.entries(options).filter(([key]) => !WORKER_ONLY.has(key))), ...rendered };
}

function joinMargins(rendered: Pick<RenderOptions, "header_html" | "footer_html">, options: RenderOptions) {
  if (rendered.header_html === undefined && rendered.footer_html === undefined) return undefined;
  const { margin, scale } = options;
  return { ...rendered, ...(margin === undefined ? {} : { margin }), ...(scale === undefined ? {} : { scale }) };
}

function checkFacturX(finishing: PdfFinishing | null, deps: PrintDeps, seat: RenderSeat) {
  const invoice = finishing?.eInvoice;
  if (!invoice) return Promise.resolve(undefined);
  const checking = checkedEInvoice(
    deps.chromium(),
    { xml: invoice.xml, standard: "factur-x", profile: invoice.profile },
    invoice.validation,
    seat,
  );
  // Awaited once the pages printed; a print that fails first leaves its refusal unread.
  checking.catch(() => undefined);
  return checking;
}

/**
 * What prints, and for `format: "xml"` (README, "E-invoices") the e-invoice's own XML, rendered first: a UBL invoice
 * holds the PDF printed from the template, finished with every PDF option the render has but the e-invoice; a preview
 * shows the XML alone (either standard), and nothing prints.
 */
async function printedFormat({ plan, options, mark, renderPart }: PrintJob) {
  if (plan.format !== "xml") return { format: plan.format };
  // Only an e-invoice plans to `xml`: planRender refuses the format without one (e-invoice-format.ts).
  const invoice = options.e_invoice;
  if (!invoice) throw new Error("an xml render without e_invoice passed planRender");
  const xml = { text: await renderEInvoiceXml(invoice, renderPart), invoice };
  const holdsPdf = invoice.standard === "ubl" && invoice.embed_pdf !== false && !mark;
  return { format: holdsPdf ? ("pdf" as const) : null, xml };
}

export async function preparePrint(job: PrintJob, deps: PrintDeps, seat: RenderSeat): Promise<PreparedPrint> {
  const { format, xml } = await printedFormat(job);
  const { e_invoice: _, ...pdfOptions } = job.options;
  const options = xml ? pdfOptions : job.options;
  const timeoutMs = options.timeout_ms ?? DEFAULT_TIMEOUT_MS;
  const checking = Promise.resolve(undefined);
  if (!format) return { format, options, margins: undefined, finishing: null, timeoutMs, checking, xml };
  const { header_html, footer_html } = options;
  const rendered = {
    ...(header_html === undefined ? {} : { header_html: await job.renderPart(header_html, "options.header_html") }),
    ...(footer_html === undefined ? {} : { footer_html: await job.renderPart(footer_html, "options.footer_html") }),
  };
  const finishing = format === "pdf" ? await preparePdfFinishing(options, job.renderPart) : null;
  const accessibility = format === "pdf" ? pdfUaMendOptions(options, rendered) : undefined;
  if (accessibility) refuseBeforePrint(job.plan.version.expectedPages, deps.chromium);
  return {
    format,
    options: chromiumOptions(options, rendered),
    margins: joinMargins(rendered, options),
    finishing,
    ...(accessibility ? { accessibility } : {}),
    timeoutMs,
    checking: checkFacturX(finishing, deps, seat),
    ...(xml ? { xml } : {}),
  };
}
