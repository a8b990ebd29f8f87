import type { Compliance } from "../../contract/compliance";
import type { AccountRow } from "../../db/schema";
import { ServiceError } from "../../errors";
import { UNTIMED } from "../../lib/render-timings";
import { cardForChromium } from "../../render/card-document";
import { templatePage } from "../../render/codes/page-geometry";
import { liquidBudget, type RenderPart, renderLiquid } from "../../render/liquid";
import { withMarkSvg } from "../../render/preview-mark";
import { renderSatoriPng } from "../../render/satori";
import { watermarkDocument } from "../../render/watermark";
import { checkProjectedUnits, settleUnits } from "../accounts/metering";
import { slotShare } from "../accounts/plans";
import { valueAtPath } from "../render-options/chunk-rules";
import { oneChunkFailure } from "./chunk-failures";
import { chunkCount, wholeAsOneChunk } from "./chunk-slices";
import { type ChunkedFile, printChunks } from "./print-chunks";
import { type FinishedFile, type ProduceDeps, printFile, type RenderSeat } from "./print-file";
import { printXmlFile } from "./print-xml-file";

export type { FinishedFile, ProduceDeps, RenderSeat };

import { billableUnits, CONTENT_TYPES, objectKey, type RenderPlan } from "./render-plan";

export interface ProducedFile {
  objectKey: string;
  pageCount: number;
  byteSize: number;
  compliance: Compliance | null;
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
  const renderPart: RenderPart = (part, path, markup) =>
    timings.measure("template", () => renderLiquid(part, input, path, markup));
  const job = { html, options, mark, renderPart };
  if (plan.format !== "xml") return printFile({ ...job, plan: { ...plan, format: plan.format } }, deps, seat);
  // Only an e-invoice plans to `xml`: planRender refuses the format without one (e-invoice-format.ts).
  if (!options.e_invoice) throw new Error("an xml render without e_invoice passed planRender");
  return printXmlFile({ ...job, plan }, options.e_invoice, deps, seat);
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
      ? await printChunks(plan, chunk, deps, seat, checkProjection)
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
    byteSize = await (deps.timings ?? UNTIMED).measure("store", async () => {
      if ("bytes" in file) {
        await deps.files.put(key, file.bytes, { httpMetadata: { contentType } });
        return file.bytes.byteLength;
      }
      // A chunked render's joined PDF streams from the render backend into storage: the Worker never holds it.
      if (!joined) throw new Error("a chunked render that fits its ceiling always has its joined file");
      const stream = new FixedLengthStream(joined.byteSize);
      const [, stored] = await Promise.all([
        joined.body.pipeTo(stream.writable),
        deps.files.put(key, stream.readable, { httpMetadata: { contentType } }),
      ]);
      return stored?.size ?? joined.byteSize;
    });
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
