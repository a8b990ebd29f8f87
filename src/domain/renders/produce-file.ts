import type { AccountRow } from "../../db/schema";
import { ServiceError } from "../../errors";
import type { EgressPolicy } from "../../lib/egress-policy";
import type { ChromiumDriver, RenderedFile } from "../../render/chromium/driver";
import { renderLiquid } from "../../render/liquid";
import { normalizePdf } from "../../render/pdf-structure";
import { renderSatoriPng } from "../../render/satori";
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
interface RenderSeat {
  accountId: string;
  renderId: string;
  /** The most pages the account can pay for: a PDF's print stops one page past it. */
  maxUnits: number;
}

async function renderBytes(plan: RenderPlan, deps: ProduceDeps, seat: RenderSeat): Promise<RenderedFile> {
  const { version, data, options } = plan;
  const html = await renderLiquid(version.source, data, version.checksum);
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
  const file = await renderBytes(plan, deps, { accountId: account.id, renderId, maxUnits });
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
