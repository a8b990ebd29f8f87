// The strategy in pieces, `options.chunk` (docs/rendering.md#long-documents): the template rendered and printed once
// per slice, one chunk after another, each holding one of the account's Chromium slots only while it prints; the
// render backend keeps the pieces and joins them, with the prepared header, footer and finishing applied to the whole.

import { type ChunkOption, MAX_CHUNKED_PAGES } from "../../../contract/render-options/chunk-option";
import { UNTIMED } from "../../../lib/render-timings";
import type { ChunkedPrinter, JoinedFile } from "../../../render/chromium/driver";
import { templatePage } from "../../../render/codes/page-geometry";
import { liquidBudget, RENDER_TIME_LIMIT_MS, renderLiquid } from "../../../render/liquid/liquid";
import { pdfFinish } from "../../../render/pdf/pdf-finishing";
import { watermarkDocument } from "../../../render/pdf/watermark";
import { valueAtPath } from "../../render-options/chunk-rules";
import { chunkCount, chunkData, projectedPages } from "../chunk-slices";
import type { RenderPlan } from "../render-plan";
import { chunkFailure, liquidBudgetSpent, smallerChunks } from "./chunk-failures";
import type { PrintedPieces } from "./finish-print";
import type { PreparedPrint } from "./prepare-print";
import { inAccountSlot, type PrintDeps, type RenderSeat } from "./print-context";

/** A chunked render's Liquid, every chunk's together: ten single renders' worth (docs/rendering.md#long-documents). */
const CHUNKED_LIQUID_MS = 10 * RENDER_TIME_LIMIT_MS;

/**
 * Refuses, before the next chunk prints, a render whose pages so far project past what the account can pay for
 * (docs/money.md#page-ceiling); `printed` is how many chunks printed.
 */
export type ProjectionCheck = (units: number, printed: number) => Promise<void>;

/** The session the pieces print into, on a render backend: asked for before anything is prepared. */
export function piecePrinter(deps: PrintDeps, seat: RenderSeat): ChunkedPrinter {
  const printer = deps.chromium().chunks?.open(seat.accountId);
  if (printer) return printer;
  throw chunkFailure(
    "A render of several chunks needs the render backend, which keeps the printed pieces and joins them; this " +
      "deployment prints with Browser Rendering only (an array that fits one chunk prints here as one document).",
    "chunk_unsupported",
  );
}

interface PieceRun {
  plan: RenderPlan;
  chunk: ChunkOption;
  printer: ChunkedPrinter;
  prepared: PreparedPrint;
  deps: PrintDeps;
  seat: RenderSeat;
}

/** Renders chunk `index`'s slice, its Liquid time counted in `spent` against the chunks' shared budget. */
async function pieceHtml(run: PieceRun, array: unknown[], index: number, spent: { liquidMs: number }) {
  const { plan, chunk } = run;
  const count = chunkCount(array.length, chunk.size);
  const started = Date.now();
  const input = {
    data: chunkData(plan.data, array, chunk, index),
    instant: plan.receivedAt,
    budget: liquidBudget(templatePage(plan.version.engine, plan.options)),
  };
  const source = await (run.deps.timings ?? UNTIMED)
    .measure("template", () => renderLiquid(plan.version.source, input))
    .catch((error) => {
      throw smallerChunks(error, index, count, chunk.size);
    });
  spent.liquidMs += Date.now() - started;
  if (spent.liquidMs > CHUNKED_LIQUID_MS) throw liquidBudgetSpent(CHUNKED_LIQUID_MS, index, count);
  return plan.options.watermark ? watermarkDocument(source, plan.options.watermark, "chromium") : source;
}

/**
 * Prints every chunk into the backend's session, one after another: answers the pages printed, stopping once they
 * pass the account's ceiling or once the pages so far project past it.
 */
async function printEachPiece(run: PieceRun, checkProjection: ProjectionCheck): Promise<number> {
  const { plan, chunk, printer, prepared, deps, seat } = run;
  const timings = deps.timings ?? UNTIMED;
  // The pieces print without header and footer: those come from the margins document laid over the joined pages.
  const { header_html: _h, footer_html: _f, chunk: _c, ...options } = prepared.options;
  const array = valueAtPath(plan.data, chunk.over) as unknown[];
  const count = chunkCount(array.length, chunk.size);
  const ceiling = Math.min(seat.maxUnits, MAX_CHUNKED_PAGES);
  const spent = { liquidMs: 0 };
  let pages = 0;
  for (let index = 0; index < count; index++) {
    const html = await pieceHtml(run, array, index, spent);
    const print = () =>
      timings.measure("render", () =>
        printer.print({
          html,
          format: "pdf",
          options,
          timeoutMs: prepared.timeoutMs,
          allowPrivateEgress: deps.egress.allowPrivate,
          accountId: seat.accountId,
          share: seat.share,
          maxPages: ceiling - pages,
          chunk: { session: seat.renderId, index },
        }),
      );
    pages = (await inAccountSlot(print, prepared.timeoutMs, deps, seat)).totalPages;
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
 * Prints the pieces, then joins them with the prepared margins, identity and finishing; only their page count when
 * they passed what the account can pay for (the caller's settle refuses them) or projected past it
 * (`checkProjection` refuses them). However it ends, the pieces are gone when this returns.
 */
export async function printPieces(
  plan: RenderPlan,
  chunk: ChunkOption,
  printer: ChunkedPrinter,
  prepared: PreparedPrint,
  { deps, seat, checkProjection }: { deps: PrintDeps; seat: RenderSeat; checkProjection: ProjectionCheck },
): Promise<PrintedPieces> {
  let joined: JoinedFile | undefined;
  try {
    const pages = await printEachPiece({ plan, chunk, printer, prepared, deps, seat }, checkProjection);
    if (pages > seat.maxUnits) return { pageCount: pages };
    joined = await (deps.timings ?? UNTIMED).measure("render", () =>
      printer.join({
        session: seat.renderId,
        margins: prepared.margins,
        identity: { documentId: plan.documentId, metadata: plan.options.metadata ?? {} },
        finish: prepared.finishing && pdfFinish(prepared.finishing),
        timeoutMs: prepared.timeoutMs,
        accountId: seat.accountId,
        share: seat.share,
      }),
    );
    return { pageCount: joined.pageCount, joined };
  } finally {
    if (!joined) await dropPieces(printer, seat.renderId);
  }
}
