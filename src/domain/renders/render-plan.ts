import type { TemplateVersionRow } from "../../db/schema";
import { sha256Hex } from "../../lib/crypto";
import { canonicalJson } from "../../lib/jcs";
import type { RenderOptions } from "../render-options/options-schema";
import { ServiceError } from "../../errors";
import { DEFAULT_VIEWPORT, MAX_RASTER_PIXELS, MAX_RASTER_SIDE, rasterProblem } from "../../render/chromium/page-job";

export type OutputFormat = "pdf" | "png" | "jpg";

export const CONTENT_TYPES: Record<OutputFormat, string> = { pdf: "application/pdf", png: "image/png", jpg: "image/jpeg" };

/** Everything that decides the bytes of a render, fixed before any work starts. */
export interface RenderPlan {
  version: TemplateVersionRow;
  format: OutputFormat;
  /** The engine that actually renders: a satori template asked for PDF or JPG goes through Chromium. */
  engine: "chromium" | "satori";
  data: unknown;
  options: RenderOptions;
  cacheKey: string;
  dataBytes: number;
}

/** Refuses raster options whose image alone passes the ceilings, before any work or any unit is spent. */
function checkRasterSize(format: OutputFormat, engine: "chromium" | "satori", options: RenderOptions): void {
  if (format === "pdf") return;
  const width = options.width ?? (engine === "satori" ? 1200 : DEFAULT_VIEWPORT.width);
  const height = options.height ?? (engine === "satori" ? 630 : DEFAULT_VIEWPORT.height);
  const problem = rasterProblem(width, height, options.device_scale_factor ?? 1);
  if (!problem) return;
  const message = `The image would be ${problem}: width, height and device_scale_factor together must stay within ${MAX_RASTER_SIDE} pixels a side and ${MAX_RASTER_PIXELS / 1e6} megapixels.`;
  throw new ServiceError("invalid_request", message, {
    errors: [{ path: "options", message, expected: `at most ${MAX_RASTER_SIDE} pixels a side and ${MAX_RASTER_PIXELS} pixels in all`, received: problem.split(" pixels")[0]! + " pixels" }],
    details: { max_pixels: MAX_RASTER_PIXELS, max_side: MAX_RASTER_SIDE },
  });
}

export async function planRender(version: TemplateVersionRow, requested: { format?: OutputFormat | undefined; data: unknown; options?: RenderOptions | undefined }): Promise<RenderPlan> {
  const format = requested.format ?? (version.engine === "satori" ? "png" : "pdf");
  const options = { ...(version.options as RenderOptions), ...(requested.options ?? {}) };
  checkRasterSize(format, version.engine === "satori" && format === "png" ? "satori" : "chromium", options);
  const canonicalData = canonicalJson(requested.data);
  const cacheKey = await sha256Hex(`${version.checksum}\n${format}\n${canonicalData}\n${canonicalJson(options)}`);
  return {
    version,
    format,
    engine: version.engine === "satori" && format === "png" ? "satori" : "chromium",
    data: requested.data,
    options,
    cacheKey,
    dataBytes: new TextEncoder().encode(canonicalData).byteLength,
  };
}

export function objectKey(accountId: string, plan: Pick<RenderPlan, "cacheKey" | "format">): string {
  return `renders/${accountId}/${plan.cacheKey}.${plan.format}`;
}

/** Units reserved before a render starts: the template's `expected_pages` for a PDF, one raster image. */
export function estimatedUnits(plan: RenderPlan): number {
  return plan.format === "pdf" ? plan.version.expectedPages : 1;
}

/** Units billed: PDF pages actually produced, one per raster image. */
export function billableUnits(format: OutputFormat, pageCount: number): number {
  return format === "pdf" ? pageCount : 1;
}
