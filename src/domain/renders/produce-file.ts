import type { EgressPolicy } from "../../lib/egress-policy";
import type { ChromiumDriver, RenderedFile } from "../../render/chromium/driver";
import { renderLiquid } from "../../render/liquid";
import { normalizePdf } from "../../render/pdf-structure";
import { renderSatoriPng } from "../../render/satori";
import { CONTENT_TYPES, objectKey, type RenderPlan } from "./render-plan";

export interface ProduceDeps {
  files: R2Bucket;
  chromium: () => ChromiumDriver;
  egress: EgressPolicy;
}

export interface ProducedFile {
  objectKey: string;
  pageCount: number;
  byteSize: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

async function renderBytes(plan: RenderPlan, deps: ProduceDeps): Promise<RenderedFile> {
  const { version, data, options } = plan;
  const html = await renderLiquid(version.source, data, version.checksum);
  if (plan.engine === "satori") return renderSatoriPng(html, options, deps.egress);
  const header = options.header_html === undefined ? undefined : await renderLiquid(options.header_html, data, version.checksum, "options.header_html");
  const footer = options.footer_html === undefined ? undefined : await renderLiquid(options.footer_html, data, version.checksum, "options.footer_html");
  const file = await deps.chromium().render({
    html,
    format: plan.format,
    options: { ...options, ...(header === undefined ? {} : { header_html: header }), ...(footer === undefined ? {} : { footer_html: footer }) },
    timeoutMs: options.timeout_ms ?? DEFAULT_TIMEOUT_MS,
    allowPrivateEgress: deps.egress.allowPrivate,
  });
  if (plan.format !== "pdf") return file;
  return { bytes: normalizePdf(file.bytes, plan.cacheKey, options.metadata), pageCount: file.pageCount };
}

/**
 * Renders the plan and stores the file under its cache key. Identical plans give identical bytes, so a
 * repeated or concurrent store of the same key writes the same object.
 */
export async function produceFile(accountId: string, plan: RenderPlan, deps: ProduceDeps): Promise<ProducedFile> {
  const file = await renderBytes(plan, deps);
  const key = objectKey(accountId, plan);
  await deps.files.put(key, file.bytes, { httpMetadata: { contentType: CONTENT_TYPES[plan.format] } });
  return { objectKey: key, pageCount: file.pageCount, byteSize: file.bytes.byteLength };
}
