import type { EgressPolicy } from "@folio/render-page/egress-policy";
import type { PageFormat } from "@folio/render-page/job-contract";
import { ServiceError } from "../../errors";
import type { PayloadKeys } from "../../lib/payload-keys";
import { type PhaseRecorder, UNTIMED } from "../../lib/render-timings";
import type { RenderBackend, RenderedFile, SlotShare } from "../../render/chromium/driver";
import { chunkHint } from "../../render/chunk-hint";
import { type Compliance, checkedEInvoice } from "../../render/e-invoice-compliance";
import type { RenderPart } from "../../render/liquid";
import { finishPdf, preparePdfFinishing } from "../../render/pdf-finishing";
import { normalizePdf } from "../../render/pdf-normalize";
import { markOverlayHtml } from "../../render/preview-mark";
import { markPdfPages } from "../../render/preview-mark-pdf";
import type { Watermark } from "../../render/watermark";
import type { MeterStub } from "../accounts/metering";
import type { RenderOptions } from "../render-options/options-schema";
import { type Background, type CapacitySettings, type GateStub, withChromiumSlot } from "./render-capacity";
import type { RenderPlan } from "./render-plan";

export interface ProduceDeps {
  files: R2Bucket;
  chromium: () => RenderBackend;
  egress: EgressPolicy;
  meter(accountId: string): MeterStub;
  gate(accountId: string): GateStub;
  capacity: CapacitySettings;
  /** Seal and digest what must not be stored in plain text: the passwords of the `encryption` option. */
  keys: PayloadKeys;
  /** Where the render's time goes, for Server-Timing and the request log; nothing is recorded without it. */
  timings?: PhaseRecorder;
  /**
   * Where letting go of a slot or a lead runs while the answer goes out (a request's waitUntil); in place without it.
   */
  background?: Background;
  /**
   * Called between the chunks of a chunked render: a queued render renews its lease, its attempt's start (which the
   * stuck-render sweep reads) and its meter hold, so a long document is never closed as stuck while it prints.
   */
  progress?: () => Promise<void>;
}

/** A rendered file, with its receipt when something in it was checked. */
export interface FinishedFile extends RenderedFile {
  compliance?: Compliance;
}

/** The render's identity for the capacity it uses: its id holds the Chromium slot. */
export interface RenderSeat {
  accountId: string;
  /** Which half of an instance's Chromium pages the render may use (slotShare). */
  share: SlotShare;
  renderId: string;
  /** The most pages the account can pay for: a PDF's print stops one page past it. */
  maxUnits: number;
  /** A preview's page limit instead: a longer PDF is printed to `maxUnits` pages and answered cut. */
  cutAtMaxUnits?: boolean;
  /** The render already holds one of the account's Chromium slots (taken on entering the gate). */
  holdsSlot?: boolean;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Options done in the Worker (the watermark in the document, the rest on the printed PDF): Chromium never sees them,
 * passwords included.
 */
const WORKER_ONLY: ReadonlySet<string> = new Set(["watermark", "pdfa", "attachments", "e_invoice", "encryption"]);

export function chromiumOptions(
  options: RenderOptions,
  rendered: Partial<Pick<RenderOptions, "header_html" | "footer_html">>,
): RenderOptions {
  return { ...Object.fromEntries(Object.entries(options).filter(([key]) => !WORKER_ONLY.has(key))), ...rendered };
}

/**
 * A print stopped at the backend's memory ceiling, its message naming the data's array to chunk over. A chunked
 * plan already chunks: produce-file.ts words its advice (a preview prints the whole array whatever the size).
 */
function withChunkHint(error: unknown, plan: Pick<RenderPlan, "data" | "options">): unknown {
  if (!(error instanceof ServiceError) || error.extra.details?.reason !== "memory_limit" || plan.options.chunk)
    return error;
  const message = error.message.replace(/ Split it into several renders\.$/, "");
  return new ServiceError(error.type, `${message} ${chunkHint(plan.data)}`, error.extra);
}

/** Runs `print` on one of the account's Chromium slots, or as it is when the render already holds one. */
export function inAccountSlot<T>(
  print: () => Promise<T>,
  timeoutMs: number,
  deps: Pick<ProduceDeps, "gate" | "capacity" | "timings" | "background">,
  seat: RenderSeat,
): Promise<T> {
  if (seat.holdsSlot) return print();
  const { gate, capacity, timings, background } = deps;
  return withChromiumSlot(gate(seat.accountId), seat.renderId, capacity, timeoutMs, print, timings, background);
}

/** What Chromium prints: the page's HTML with its options and mark, and how to render the options' Liquid parts. */
export interface PrintJob<Plan extends RenderPlan = RenderPlan & { format: PageFormat }> {
  plan: Plan;
  html: string;
  options: RenderOptions;
  mark: Required<Watermark> | undefined;
  /** Each Liquid option is parsed once per distinct source: a request's own header is not the template's. */
  renderPart: RenderPart;
}

/**
 * Prints the page with Chromium (holding one of the account's slots), checks an e-invoice while it prints, then
 * normalizes, marks and finishes a PDF; nothing stored or billed.
 */
export async function printFile(
  { plan, html, options, mark, renderPart }: PrintJob,
  deps: Omit<ProduceDeps, "files" | "meter">,
  seat: RenderSeat,
): Promise<FinishedFile> {
  const timings = deps.timings ?? UNTIMED;
  const header =
    options.header_html === undefined ? undefined : await renderPart(options.header_html, "options.header_html");
  const footer =
    options.footer_html === undefined ? undefined : await renderPart(options.footer_html, "options.footer_html");
  const finishing = plan.format === "pdf" ? await preparePdfFinishing(options, renderPart) : null;
  const timeoutMs = options.timeout_ms ?? DEFAULT_TIMEOUT_MS;
  const print = () =>
    timings.measure("render", () =>
      deps.chromium().print({
        html,
        format: plan.format,
        options: chromiumOptions(options, {
          ...(header === undefined ? {} : { header_html: header }),
          ...(footer === undefined ? {} : { footer_html: footer }),
        }),
        timeoutMs,
        allowPrivateEgress: deps.egress.allowPrivate,
        accountId: seat.accountId,
        share: seat.share,
        ...(mark && plan.format !== "pdf" ? { markHtml: markOverlayHtml(mark) } : {}),
        ...(plan.format === "pdf"
          ? { maxPages: seat.maxUnits, ...(seat.cutAtMaxUnits ? { cutAtMaxPages: true } : {}) }
          : {}),
      }),
    );
  const printing = inAccountSlot(print, timeoutMs, deps, seat);
  // The e-invoice is checked while its page prints: it adds little wall time, and an enforced refusal still
  // comes before anything is stored or billed.
  const invoice = finishing?.eInvoice;
  const [file, compliance] = await Promise.all([
    printing.catch((error) => {
      throw withChunkHint(error, plan);
    }),
    invoice &&
      checkedEInvoice(
        deps.chromium(),
        { xml: invoice.xml, standard: "factur-x", profile: invoice.profile },
        invoice.validation,
        seat,
      ),
  ]);
  if (plan.format !== "pdf") return file;
  const normalized = normalizePdf(file.bytes, plan.cacheKey, options.metadata);
  const marked = mark ? await markPdfPages(normalized, mark) : normalized;
  const bytes = finishing ? await finishPdf(marked, finishing) : marked;
  return {
    bytes,
    pageCount: file.pageCount,
    ...(file.cut ? { cut: true } : {}),
    ...(compliance ? { compliance: { e_invoice: compliance } } : {}),
  };
}
