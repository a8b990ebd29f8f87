import type { AccountRow } from "../../db/schema";
import { ServiceError } from "../../errors";
import type { EgressPolicy } from "../../lib/egress-policy";
import type { ChromiumDriver, RenderedFile } from "../../render/chromium/driver";
import { cardForChromium } from "../../render/card-document";
import { renderLiquid } from "../../render/liquid";
import { normalizePdf } from "../../render/pdf-structure";
import { renderSatoriPng } from "../../render/satori";
import { watermarkDocument } from "../../render/watermark";
import { settleUnits, type MeterStub } from "../accounts/metering";
import { withChromiumSlot, type CapacitySettings, type GateStub } from "./render-capacity";
import { billableUnits, CONTENT_TYPES, objectKey, type RenderPlan } from "./render-plan";

export interface ProduceDeps {
  files: R2Bucket;
  chromium: () => ChromiumDriver;
  egress: EgressPolicy;
  meter(accountId: string): MeterStub;
  gate(accountId: string): GateStub;
  capacity: CapacitySettings;
}

export interface ProducedFile {
  objectKey: string;
  pageCount: number;
  byteSize: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** The render's identity for the capacity it uses: its id holds the Chromium slot. */
export interface RenderSeat {
  accountId: string;
  renderId: string;
  /** The most pages the account can pay for: a PDF's print stops one page past it. */
  maxUnits: number;
}

/** The one render path: Liquid, then Satori or Chromium (holding one of the account's slots), nothing stored or billed. */
export async function renderFile(plan: RenderPlan, deps: Omit<ProduceDeps, "files" | "meter">, seat: RenderSeat): Promise<RenderedFile> {
  const { version, data } = plan;
  const rendered = await renderLiquid(version.source, data, version.checksum);
  // A satori card asked for as PDF or JPG keeps the card in Chromium: its own document, its size in the options.
  const card = version.engine === "satori" && plan.engine === "chromium" ? cardForChromium(rendered, plan.options) : null;
  const options = card?.options ?? plan.options;
  const source = card?.html ?? rendered;
  const html = plan.watermark ? watermarkDocument(source, plan.watermark, plan.engine) : source;
  if (plan.engine === "satori") return renderSatoriPng(html, options, deps.egress);
  const header = options.header_html === undefined ? undefined : await renderLiquid(options.header_html, data, version.checksum, "options.header_html");
  const footer = options.footer_html === undefined ? undefined : await renderLiquid(options.footer_html, data, version.checksum, "options.footer_html");
  const timeoutMs = options.timeout_ms ?? DEFAULT_TIMEOUT_MS;
  const file = await withChromiumSlot(deps.gate(seat.accountId), seat.renderId, deps.capacity, timeoutMs, () =>
    deps.chromium().render({
      html,
      format: plan.format,
      options: { ...options, ...(header === undefined ? {} : { header_html: header }), ...(footer === undefined ? {} : { footer_html: footer }) },
      timeoutMs,
      allowPrivateEgress: deps.egress.allowPrivate,
      accountId: seat.accountId,
      ...(plan.format === "pdf" ? { maxPages: seat.maxUnits } : {}),
    }),
  );
  if (plan.format !== "pdf") return file;
  return { bytes: normalizePdf(file.bytes, plan.cacheKey, options.metadata), pageCount: file.pageCount };
}

/**
 * Renders the plan, bills the units it produced (refused, with nothing stored, when they pass what the
 * account can pay for), then stores the file under its cache key. Identical plans give identical bytes, so
 * a repeated store of the same key writes the same object. Storage failing after billing gives the units back.
 */
export async function produceFile(account: AccountRow, renderId: string, plan: RenderPlan, maxUnits: number, deps: ProduceDeps): Promise<ProducedFile> {
  const file = await renderFile(plan, deps, { accountId: account.id, renderId, maxUnits });
  const units = billableUnits(plan.format, file.pageCount);
  const meter = deps.meter(account.id);
  await settleUnits(meter, account, renderId, units, maxUnits);
  const key = objectKey(account.id, plan);
  try {
    await deps.files.put(key, file.bytes, { httpMetadata: { contentType: CONTENT_TYPES[plan.format] } });
  } catch (error) {
    await meter.refund(renderId, units);
    throw new ServiceError("render_failed", "The rendered file could not be stored; nothing was billed. Retry the render.", { details: { stage: "storage", retryable: true, transient: true, cause: String(error) } });
  }
  return { objectKey: key, pageCount: file.pageCount, byteSize: file.bytes.byteLength };
}
