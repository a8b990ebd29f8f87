import type { EgressPolicy } from "@folio/render-page/egress-policy";
import type { AccountRow } from "../../db/schema";
import { ServiceError } from "../../errors";
import type { PayloadKeys } from "../../lib/payload-keys";
import { type PhaseRecorder, UNTIMED } from "../../lib/render-timings";
import { cardForChromium } from "../../render/card-document";
import type { ChromiumDriver, RenderedFile, SlotShare } from "../../render/chromium/driver";
import { type Compliance, checkedEInvoice } from "../../render/e-invoice-compliance";
import { liquidBudget, renderLiquid } from "../../render/liquid";
import { finishPdf, preparePdfFinishing, type RenderPart } from "../../render/pdf-finishing";
import { normalizePdf } from "../../render/pdf-normalize";
import { markOverlayHtml, markPdfPages, withMarkSvg } from "../../render/preview-mark";
import { renderSatoriPng } from "../../render/satori";
import { watermarkDocument } from "../../render/watermark";
import { type MeterStub, settleUnits } from "../accounts/metering";
import { slotShare } from "../accounts/plans";
import type { RenderOptions } from "../render-options/options-schema";
import { type Background, type CapacitySettings, type GateStub, withChromiumSlot } from "./render-capacity";
import { billableUnits, CONTENT_TYPES, objectKey, type RenderPlan } from "./render-plan";

export interface ProduceDeps {
  files: R2Bucket;
  chromium: () => ChromiumDriver;
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
}

/** A rendered file, with its receipt when something in it was checked. */
export interface FinishedFile extends RenderedFile {
  compliance?: Compliance;
}

export interface ProducedFile {
  objectKey: string;
  pageCount: number;
  byteSize: number;
  compliance: Compliance | null;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** The render's identity for the capacity it uses: its id holds the Chromium slot. */
interface RenderSeat {
  accountId: string;
  /** Which half of an instance's Chromium pages the render may use (slotShare). */
  share: SlotShare;
  renderId: string;
  /** The most pages the account can pay for: a PDF's print stops one page past it. */
  maxUnits: number;
  /** The render already holds one of the account's Chromium slots (taken on entering the gate). */
  holdsSlot?: boolean;
}

/**
 * Options done in the Worker (the watermark in the document, the rest on the printed PDF): Chromium never sees them,
 * passwords included.
 */
const WORKER_ONLY: ReadonlySet<string> = new Set(["watermark", "pdfa", "attachments", "e_invoice", "encryption"]);

function chromiumOptions(
  options: RenderOptions,
  rendered: Partial<Pick<RenderOptions, "header_html" | "footer_html">>,
): RenderOptions {
  return { ...Object.fromEntries(Object.entries(options).filter(([key]) => !WORKER_ONLY.has(key))), ...rendered };
}

/**
 * The one render path: Liquid, then Satori or Chromium (holding one of the account's slots), then PDF finishing;
 * nothing stored or billed.
 */
export async function renderFile(
  plan: RenderPlan,
  deps: Omit<ProduceDeps, "files" | "meter">,
  seat: RenderSeat,
): Promise<FinishedFile> {
  const { version } = plan;
  const input = { data: plan.data, instant: plan.receivedAt, budget: liquidBudget() };
  const timings = deps.timings ?? UNTIMED;
  const rendered = await timings.measure("template", () => renderLiquid(version.source, input));
  // A satori card asked for as PDF or JPG keeps the card in Chromium: its own document, its size in the options.
  const card =
    version.engine === "satori" && plan.engine === "chromium" ? cardForChromium(rendered, plan.options) : null;
  const options = card?.options ?? plan.options;
  const source = card?.html ?? rendered;
  // The document's own watermark goes under its content; a preview's mark is drawn onto the output, after.
  const html = options.watermark ? watermarkDocument(source, options.watermark, plan.engine) : source;
  const mark = plan.watermark;
  if (plan.engine === "satori")
    return timings.measure("render", () =>
      renderSatoriPng(
        html,
        options,
        deps.egress,
        mark ? (svg, width, height) => withMarkSvg(svg, width, height, mark) : undefined,
      ),
    );
  // Each Liquid option is parsed once per distinct source: a request's own header is not the template's.
  const renderPart: RenderPart = (part, path, markup) =>
    timings.measure("template", () => renderLiquid(part, input, path, markup));
  const header =
    options.header_html === undefined ? undefined : await renderPart(options.header_html, "options.header_html");
  const footer =
    options.footer_html === undefined ? undefined : await renderPart(options.footer_html, "options.footer_html");
  const finishing = plan.format === "pdf" ? await preparePdfFinishing(options, renderPart) : null;
  const timeoutMs = options.timeout_ms ?? DEFAULT_TIMEOUT_MS;
  const print = () =>
    timings.measure("render", () =>
      deps.chromium().render({
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
        ...(plan.format === "pdf" ? { maxPages: seat.maxUnits } : {}),
      }),
    );
  const printing = seat.holdsSlot
    ? print()
    : withChromiumSlot(
        deps.gate(seat.accountId),
        seat.renderId,
        deps.capacity,
        timeoutMs,
        print,
        timings,
        deps.background,
      );
  // The e-invoice is checked while its page prints: it adds little wall time, and an enforced refusal still
  // comes before anything is stored or billed.
  const invoice = finishing?.eInvoice;
  const [file, compliance] = await Promise.all([
    printing,
    invoice &&
      checkedEInvoice(
        deps.chromium(),
        { xml: invoice.xml, standard: "factur-x", profile: invoice.profile },
        invoice.validation,
        seat.accountId,
      ),
  ]);
  if (plan.format !== "pdf") return file;
  const normalized = normalizePdf(file.bytes, plan.cacheKey, options.metadata);
  const marked = mark ? await markPdfPages(normalized, mark) : normalized;
  const bytes = finishing ? await finishPdf(marked, finishing) : marked;
  return { bytes, pageCount: file.pageCount, ...(compliance ? { compliance: { e_invoice: compliance } } : {}) };
}

/**
 * Renders the plan, bills the units it produced (refused, with nothing stored, when they pass what the
 * account can pay for), then stores the file under its cache key. Identical plans give identical bytes, so
 * a repeated store of the same key writes the same object. Storage failing after billing gives the units back.
 */
export async function produceFile(
  account: AccountRow,
  renderId: string,
  plan: RenderPlan,
  maxUnits: number,
  deps: ProduceDeps,
  holdsSlot = false,
): Promise<ProducedFile> {
  const file = await renderFile(plan, deps, {
    accountId: account.id,
    share: slotShare(account),
    renderId,
    maxUnits,
    holdsSlot,
  });
  const units = billableUnits(plan.format, file.pageCount);
  const meter = deps.meter(account.id);
  await settleUnits(meter, account, renderId, units, maxUnits);
  const key = objectKey(account.id, plan);
  try {
    await (deps.timings ?? UNTIMED).measure("store", () =>
      deps.files.put(key, file.bytes, { httpMetadata: { contentType: CONTENT_TYPES[plan.format] } }),
    );
  } catch (error) {
    await meter.refund(renderId, units);
    throw new ServiceError(
      "render_failed",
      "The rendered file could not be stored; nothing was billed. Retry the render.",
      { details: { stage: "storage", retryable: true, transient: true, cause: String(error) } },
    );
  }
  return {
    objectKey: key,
    pageCount: file.pageCount,
    byteSize: file.bytes.byteLength,
    compliance: file.compliance ?? null,
  };
}
