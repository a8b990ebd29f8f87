import type { Compliance } from "../../contract/compliance";
import type { ChunkOption } from "../../contract/render-options/chunk-option";
import type { AccountRow } from "../../db/schema";
import { ServiceError } from "../../errors";
import { UNTIMED } from "../../lib/render-timings";
import { templatePage } from "../../render/codes/page-geometry";
import { liquidBudget, renderLiquid } from "../../render/liquid/liquid";
import { withMarkSvg } from "../../render/pdf/preview-mark";
import { watermarkDocument } from "../../render/pdf/watermark";
import { cardForChromium } from "../../render/satori/card-document";
import { renderSatoriPng } from "../../render/satori/satori";
import { checkProjectedUnits, type MeterStub, settleUnits } from "../accounts/metering";
import { slotShare } from "../accounts/plans";
import { valueAtPath } from "../render-options/chunk-rules";
import { chunkCount, wholeAsOneChunk } from "./chunk-slices";
import { oneChunkFailure } from "./printing/chunk-failures";
import { type ChunkedFile, type FinishedFile, finishPrint } from "./printing/finish-print";
import { partRenderer, preparePrint } from "./printing/prepare-print";
import type { PrintDeps, RenderSeat } from "./printing/print-context";
import { type ProjectionCheck, piecePrinter, printPieces } from "./printing/print-pieces";
import { printWhole } from "./printing/print-whole";
import { storeFile } from "./printing/store-file";
import { billableUnits, CONTENT_TYPES, objectKey, type RenderPlan } from "./render-plan";

export type { FinishedFile, RenderSeat };

/** What producing a file needs: printing's, and where the file is stored and billed. */
export interface ProduceDeps extends PrintDeps {
  files: R2Bucket;
  meter(accountId: string): MeterStub;
}

export interface ProducedFile {
  objectKey: string;
  pageCount: number;
  byteSize: number;
  compliance: Compliance | null;
}

/**
 * The one render path, whole: Liquid, then Satori or one Chromium print (holding one of the account's slots), then
 * the finish; nothing stored or billed. An XML file is a whole print with its PDF embedded (or none).
 */
export async function renderFile(plan: RenderPlan, deps: PrintDeps, seat: RenderSeat): Promise<FinishedFile> {
  const { version } = plan;
  // A chunked document whose array fits one chunk, or any chunked document previewed (up to a preview's page
  // limit), prints as one document: the whole array in one chunk.
  const chunk = plan.options.chunk;
  const data = chunk ? wholeAsOneChunk(plan.data, valueAtPath(plan.data, chunk.over) as unknown[]) : plan.data;
  const input = { data, instant: plan.receivedAt, budget: liquidBudget(templatePage(version.engine, plan.options)) };
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
  const job = { plan, options, mark, renderPart: partRenderer(input, timings) };
  const prepared = await preparePrint(job, deps, seat);
  const printed = await printWhole(html, job, prepared, deps, seat);
  return finishPrint(printed, { prepared, job, deps, seat });
}

/**
 * The one render path, in pieces (docs/rendering.md#long-documents): the header, footer and finishing prepared once
 * with the whole data, the slices printed into a render backend's session and joined there; nothing stored or billed.
 */
async function renderChunks(
  plan: RenderPlan,
  chunk: ChunkOption,
  deps: PrintDeps,
  seat: RenderSeat,
  checkProjection: ProjectionCheck,
): Promise<ChunkedFile> {
  const printer = piecePrinter(deps, seat);
  const whole = {
    data: plan.data,
    instant: plan.receivedAt,
    budget: liquidBudget(templatePage(plan.version.engine, plan.options)),
  };
  const job = { plan, options: plan.options, mark: undefined, renderPart: partRenderer(whole, deps.timings) };
  const prepared = await preparePrint(job, deps, seat);
  const printed = await printPieces(plan, chunk, printer, prepared, { deps, seat, checkProjection });
  return finishPrint(printed, { prepared, job, deps, seat });
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
  const seat = { accountId: account.id, share: slotShare(account), renderId, maxUnits, holdsSlot };
  // Pieces only when there are several: one chunk is one print, through the same path as any render.
  const chunk = plan.options.chunk;
  const pieces = chunk && chunkCount((valueAtPath(plan.data, chunk.over) as unknown[]).length, chunk.size) > 1;
  const meter = deps.meter(account.id);
  const checkProjection = (units: number, printedChunks: number) =>
    checkProjectedUnits(meter, account, { id: renderId, units, printedChunks });
  const file: FinishedFile | ChunkedFile = !chunk
    ? await renderFile(plan, deps, seat)
    : pieces
      ? await renderChunks(plan, chunk, deps, seat, checkProjection)
      : await renderFile(plan, deps, seat).catch((error) => {
          throw oneChunkFailure(error, chunk);
        });
  const units = billableUnits(plan.format, file.pageCount);
  const joined = "joined" in file ? file.joined : undefined;
  try {
    await settleUnits(meter, account, renderId, units, maxUnits);
  } catch (error) {
    await joined?.body.cancel();
    throw error;
  }
  const key = objectKey(account.id, plan);
  const contentType = CONTENT_TYPES[plan.format];
  let byteSize: number;
  try {
    byteSize = await (deps.timings ?? UNTIMED).measure("store", () => storeFile(deps.files, key, file, contentType));
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
    byteSize,
    compliance: file.compliance ?? null,
  };
}
