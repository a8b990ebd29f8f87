import { ServiceError } from "../../errors";
import { UNTIMED } from "../../lib/render-timings";
import type { JoinedFile } from "../../render/chromium/chunked-printer";
import { type Compliance, checkedEInvoice } from "../../render/e-invoice-compliance";
import { liquidBudget, RENDER_TIME_LIMIT_MS, type RenderPart, renderLiquid } from "../../render/liquid";
import { pdfFinish, preparePdfFinishing } from "../../render/pdf-finishing";
import { watermarkDocument } from "../../render/watermark";
import { type ChunkOption, MAX_CHUNKED_PAGES, valueAtPath } from "../render-options/chunk-option";
import { chunkCount, chunkData } from "./chunk-slices";
import { chromiumOptions, DEFAULT_TIMEOUT_MS, inAccountSlot, type ProduceDeps, type RenderSeat } from "./print-file";
import type { RenderPlan } from "./render-plan";

/** A chunked render's Liquid, every chunk's together: ten single renders' worth (docs/rendering.md#long-documents). */
const CHUNKED_LIQUID_MS = 10 * RENDER_TIME_LIMIT_MS;

/** What a chunked render made: its joined file (to stream into storage), or only its pages when it passed its ceiling. */
export interface ChunkedFile {
  pageCount: number;
  joined?: JoinedFile;
  compliance?: Compliance;
}

function chunkFailure(message: string, reason: string, extra: Record<string, unknown> = {}): ServiceError {
  return new ServiceError("render_failed", message, {
    details: { stage: "browser", reason, retryable: false, ...extra },
  });
}

/** A chunk stopped at a Liquid limit: the way out is a smaller chunk, not chunking the slice again. */
function smallerChunks(error: unknown, index: number, count: number, size: number): unknown {
  if (!(error instanceof ServiceError)) return error;
  const details = error.extra.details ?? {};
  if (details.limit !== "render_limit" && details.limit !== "memory_limit") return error;
  const cause = String(details.cause ?? error.message);
  return new ServiceError(
    "render_failed",
    `Chunk ${index + 1} of ${count} passed a Liquid limit (${cause}): each chunk has one render's Liquid budget, so ` +
      `lower \`options.chunk.size\` (now ${size}).`,
    { ...error.extra, details: { ...details, chunk: index } },
  );
}

/**
 * A render whose array fitted one chunk (printed as one document) stopped at a Liquid limit or at the memory
 * ceiling: either way, a smaller `size` splits it into pieces.
 */
export function oneChunkFailure(error: unknown, chunk: ChunkOption): unknown {
  if (!(error instanceof ServiceError) || error.extra.details?.reason !== "memory_limit")
    return smallerChunks(error, 0, 1, chunk.size);
  const message = error.message.replace(/ Split it into several renders\.$/, "");
  return new ServiceError(
    error.type,
    `${message} Its array fitted one chunk, which prints as one document: lower \`options.chunk.size\` (now ` +
      `${chunk.size}) so that it prints in pieces.`,
    error.extra,
  );
}

/**
 * `options.chunk` (docs/rendering.md#long-documents): the template rendered and printed once per slice, one chunk
 * after another, each holding one of the account's Chromium slots only while it prints; the render backend keeps the
 * pieces and joins them, with the headers and footers (rendered once with the whole data) and the finishing applied
 * to the whole. Printing stops once the pages pass what the account can pay for: the caller's settle refuses them.
 */
export async function printChunks(
  plan: RenderPlan,
  chunk: ChunkOption,
  deps: Omit<ProduceDeps, "files" | "meter">,
  seat: RenderSeat,
): Promise<ChunkedFile> {
  const printer = deps.chromium().chunked?.(seat.accountId);
  if (!printer)
    throw chunkFailure(
      "A render of several chunks needs the render backend, which keeps the printed pieces and joins them; this " +
        "deployment prints with Browser Rendering only (an array that fits one chunk prints here as one document).",
      "chunk_unsupported",
    );
  const timings = deps.timings ?? UNTIMED;
  const whole = { data: plan.data, instant: plan.receivedAt, budget: liquidBudget() };
  const renderPart: RenderPart = (part, path, markup) =>
    timings.measure("template", () => renderLiquid(part, whole, path, markup));
  const { header_html, footer_html } = plan.options;
  const header = header_html === undefined ? undefined : await renderPart(header_html, "options.header_html");
  const footer = footer_html === undefined ? undefined : await renderPart(footer_html, "options.footer_html");
  const finishing = await preparePdfFinishing(plan.options, renderPart);
  const invoice = finishing?.eInvoice;
  // Checked while the chunks print, like a single print's invoice; its refusal still comes before anything is stored.
  const checking = invoice
    ? checkedEInvoice(
        deps.chromium(),
        { xml: invoice.xml, standard: "factur-x", profile: invoice.profile },
        invoice.validation,
        seat,
      )
    : Promise.resolve(undefined);
  checking.catch(() => undefined);

  // The pieces print without header and footer: those come from the margins document laid over the joined pages.
  const { header_html: _h, footer_html: _f, chunk: _c, ...options } = chromiumOptions(plan.options, {});
  const array = valueAtPath(plan.data, chunk.over) as unknown[];
  const count = chunkCount(array.length, chunk.size);
  const margins = header !== undefined || footer !== undefined;
  const ceiling = Math.min(seat.maxUnits, MAX_CHUNKED_PAGES);
  const timeoutMs = plan.options.timeout_ms ?? DEFAULT_TIMEOUT_MS;
  const session = seat.renderId;
  let liquidMs = 0;
  let pages = 0;
  for (let index = 0; index < count; index++) {
    const started = Date.now();
    const input = { data: chunkData(plan.data, array, chunk, index), instant: plan.receivedAt, budget: liquidBudget() };
    const source = await timings
      .measure("template", () => renderLiquid(plan.version.source, input))
      .catch((error) => {
        throw smallerChunks(error, index, count, chunk.size);
      });
    liquidMs += Date.now() - started;
    if (liquidMs > CHUNKED_LIQUID_MS)
      throw new ServiceError(
        "render_failed",
        `The chunks' Liquid took over ${CHUNKED_LIQUID_MS / 1000} s in all by chunk ${index + 1} of ${count}: a ` +
          "chunked render may use ten single renders' Liquid time. Simplify the template's per-row work.",
        { details: { stage: "template", part: "source", limit: "render_limit", chunk: index } },
      );
    const html = plan.options.watermark ? watermarkDocument(source, plan.options.watermark, "chromium") : source;
    const print = () =>
      timings.measure("render", () =>
        printer.print({
          html,
          format: "pdf",
          options,
          timeoutMs,
          allowPrivateEgress: deps.egress.allowPrivate,
          accountId: seat.accountId,
          share: seat.share,
          maxPages: ceiling - pages,
          chunk: { session, index },
        }),
      );
    const piece = await inAccountSlot(print, timeoutMs, deps, seat);
    pages = piece.totalPages;
    if (pages > MAX_CHUNKED_PAGES)
      throw chunkFailure(
        `The document passed ${MAX_CHUNKED_PAGES.toLocaleString("en-US")} pages at chunk ${index + 1} of ${count}, ` +
          "the most a chunked render may produce; nothing was stored or billed. Split it into several renders.",
        "too_many_pages",
        { max_pages: MAX_CHUNKED_PAGES },
      );
    if (pages > seat.maxUnits) return { pageCount: pages };
    // A long render says it is alive between chunks, so nothing that waits on it takes it for stuck.
    await deps.progress?.();
  }
  const joined = await timings.measure("render", () =>
    printer.join({
      session,
      margins: !margins
        ? undefined
        : {
            ...(header === undefined ? {} : { header_html: header }),
            ...(footer === undefined ? {} : { footer_html: footer }),
            ...(plan.options.margin === undefined ? {} : { margin: plan.options.margin }),
            ...(plan.options.scale === undefined ? {} : { scale: plan.options.scale }),
          },
      identity: { documentId: plan.cacheKey, metadata: plan.options.metadata ?? {} },
      finish: finishing && pdfFinish(finishing),
      timeoutMs,
      accountId: seat.accountId,
      share: seat.share,
    }),
  );
  const compliance = await checking.catch(async (error) => {
    await joined.body.cancel();
    throw error;
  });
  return { pageCount: joined.pageCount, joined, ...(compliance ? { compliance: { e_invoice: compliance } } : {}) };
}
