import { UNTIMED } from "../../lib/render-timings";
import type { ChunkedPrinter, JoinedFile } from "../../render/chromium/driver";
import { templatePage } from "../../render/codes/page-geometry";
import type { Compliance } from "../../render/e-invoice-compliance";
import { liquidBudget, RENDER_TIME_LIMIT_MS, renderLiquid } from "../../render/liquid";
import { pdfFinish } from "../../render/pdf-finishing";
import { watermarkDocument } from "../../render/watermark";
import { type ChunkOption, MAX_CHUNKED_PAGES, valueAtPath } from "../render-options/chunk-option";
import { chunkFailure, liquidBudgetSpent, smallerChunks } from "./chunk-failures";
import { chunkCount, chunkData, projectedPages } from "./chunk-slices";
import { prepareWhole } from "./chunk-whole";
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

/**
 * Refuses, before the next chunk prints, a render whose pages so far project past what the account can pay for
 * (docs/money.md#page-ceiling); `printed` is how many chunks printed.
 */
export type ProjectionCheck = (units: number, printed: number) => Promise<void>;

type ChunkDeps = Omit<ProduceDeps, "files" | "meter">;

/**
 * Prints every chunk into the backend's session, one after another: answers the pages printed, stopping once they
 * pass the account's ceiling or once the pages so far project past it.
 */
async function printPieces(
  plan: RenderPlan,
  chunk: ChunkOption,
  printer: ChunkedPrinter,
  { deps, seat, checkProjection }: { deps: ChunkDeps; seat: RenderSeat; checkProjection: ProjectionCheck },
): Promise<number> {
  const timings = deps.timings ?? UNTIMED;
  // The pieces print without header and footer: those come from the margins document laid over the joined pages.
  const { header_html: _h, footer_html: _f, chunk: _c, ...options } = chromiumOptions(plan.options, {});
  const array = valueAtPath(plan.data, chunk.over) as unknown[];
  const count = chunkCount(array.length, chunk.size);
  const ceiling = Math.min(seat.maxUnits, MAX_CHUNKED_PAGES);
  const timeoutMs = plan.options.timeout_ms ?? DEFAULT_TIMEOUT_MS;
  let liquidMs = 0;
  let pages = 0;
  const page = templatePage(plan.version.engine, plan.options);
  for (let index = 0; index < count; index++) {
    const started = Date.now();
    const input = {
      data: chunkData(plan.data, array, chunk, index),
      instant: plan.receivedAt,
      budget: liquidBudget(page),
    };
    const source = await timings
      .measure("template", () => renderLiquid(plan.version.source, input))
      .catch((error) => {
        throw smallerChunks(error, index, count, chunk.size);
      });
    liquidMs += Date.now() - started;
    if (liquidMs > CHUNKED_LIQUID_MS) throw liquidBudgetSpent(CHUNKED_LIQUID_MS, index, count);
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
          chunk: { session: seat.renderId, index },
        }),
      );
    pages = (await inAccountSlot(print, timeoutMs, deps, seat)).totalPages;
    if (pages > MAX_CHUNKED_PAGES)
      throw chunkFailure(
        `The document passed ${MAX_CHUNKED_PAGES.toLocaleString("en-US")} pages at chunk ${index + 1} of ${count}, ` +
          "the most a chunked render may produce; nothing was stored or billed. Split it into several renders.",
        "too_many_pages",
        { max_pages: MAX_CHUNKED_PAGES },
      );
    if (pages > seat.maxUnits) return pages;
    const projected = projectedPages(pages, Math.min(array.length, (index + 1) * chunk.size), array.length);
    if (index < count - 1 && projected > seat.maxUnits) await checkProjection(projected, index + 1);
    // A long render says it is alive between chunks, so nothing that waits on it takes it for stuck.
    await deps.progress?.();
  }
  return pages;
}

/** Deletes the pieces of a render that stopped before its join; should that fail, the backend's sweep does it. */
async function dropPieces(printer: ChunkedPrinter, session: string): Promise<void> {
  await printer.drop(session).catch((error) =>
    console.warn(
      JSON.stringify({
        level: "warn",
        message: "dropping a chunked render's pieces failed; the render backend removes a silent session's on its own",
        error: String(error),
      }),
    ),
  );
}

/**
 * `options.chunk` (docs/rendering.md#long-documents): the template rendered and printed once per slice, one chunk
 * after another, each holding one of the account's Chromium slots only while it prints; the render backend keeps the
 * pieces and joins them, with the headers and footers (rendered once with the whole data) and the finishing applied
 * to the whole. Printing stops once the pages pass what the account can pay for (the caller's settle refuses them)
 * or project past it (`checkProjection` refuses them). However it ends, the pieces are gone when this returns.
 */
export async function printChunks(
  plan: RenderPlan,
  chunk: ChunkOption,
  deps: ChunkDeps,
  seat: RenderSeat,
  checkProjection: ProjectionCheck,
): Promise<ChunkedFile> {
  const printer = deps.chromium().chunks?.open(seat.accountId);
  if (!printer)
    throw chunkFailure(
      "A render of several chunks needs the render backend, which keeps the printed pieces and joins them; this " +
        "deployment prints with Browser Rendering only (an array that fits one chunk prints here as one document).",
      "chunk_unsupported",
    );
  const timings = deps.timings ?? UNTIMED;
  const whole = await prepareWhole(plan, deps, seat);
  let joined: JoinedFile | undefined;
  try {
    const pages = await printPieces(plan, chunk, printer, { deps, seat, checkProjection });
    if (pages > seat.maxUnits) return { pageCount: pages };
    joined = await timings.measure("render", () =>
      printer.join({
        session: seat.renderId,
        margins: whole.margins,
        identity: { documentId: plan.cacheKey, metadata: plan.options.metadata ?? {} },
        finish: whole.finishing && pdfFinish(whole.finishing),
        timeoutMs: plan.options.timeout_ms ?? DEFAULT_TIMEOUT_MS,
        accountId: seat.accountId,
        share: seat.share,
      }),
    );
  } finally {
    if (!joined) await dropPieces(printer, seat.renderId);
  }
  const compliance = await whole.checking.catch(async (error) => {
    await joined?.body.cancel();
    throw error;
  });
  return { pageCount: joined.pageCount, joined, ...(compliance ? { compliance: { e_invoice: compliance } } : {}) };
}
