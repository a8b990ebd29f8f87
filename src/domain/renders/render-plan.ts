import type { TemplateVersionRow } from "../../db/schema";
import { sha256Hex } from "../../lib/crypto";
import { canonicalJson } from "../../lib/jcs";
import type { RenderOptions } from "../render-options/options-schema";

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

export async function planRender(version: TemplateVersionRow, requested: { format?: OutputFormat | undefined; data: unknown; options?: RenderOptions | undefined }): Promise<RenderPlan> {
  const format = requested.format ?? (version.engine === "satori" ? "png" : "pdf");
  const options = { ...(version.options as RenderOptions), ...(requested.options ?? {}) };
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

/** Units billed: PDF pages actually produced, one per raster image. */
export function billableUnits(format: OutputFormat, pageCount: number): number {
  return format === "pdf" ? pageCount : 1;
}
