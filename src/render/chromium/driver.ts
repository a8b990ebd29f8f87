import type { RenderOptions } from "../../domain/render-options/options-schema";
import { ServiceError } from "../../errors";
import type { SlotShare } from "./fair-slots";
import type { WireFailure } from "./page-job";

/** A finished HTML document (Liquid already applied) and what to make of it. */
export interface ChromiumJob {
  html: string;
  format: "pdf" | "png" | "jpg";
  options: RenderOptions;
  /** Counted from the moment the job gets a browser page, not while it waits for one. */
  timeoutMs: number;
  allowPrivateEgress: boolean;
  /** Whose job this is: the render backend takes turns between accounts when its pages are all busy. */
  accountId: string;
  /** A preview's mark, as the overlay the backend lays over a PNG or JPG it captured (a PDF is marked in the Worker). */
  markHtml?: string;
  /** Which half of an instance's slots the job may use: "free" for free and trial accounts and every preview. */
  share: SlotShare;
  /** PDF only: the print stops one page past this, so a document too long to pay for costs no more work. */
  maxPages?: number;
}

export interface RenderedFile {
  bytes: Uint8Array;
  pageCount: number;
}

/**
 * One interface, three drivers: the render backend's containers (production), one render backend at a URL
 * (development, tests, a backend hosted elsewhere) and the Browser Rendering binding.
 */
export interface ChromiumDriver {
  /** Named in the request log and in /healthz?detail=1. */
  readonly name: "container" | "backend" | "browser-rendering";
  render(job: ChromiumJob): Promise<RenderedFile>;
  /** "ok", or why the renderer cannot take work. Cheap: /healthz asks on every probe. */
  health(): Promise<string>;
  /** Counters and memory of what renders, for /healthz?detail=1; may wake nothing that sleeps. */
  stats(): Promise<Record<string, unknown>>;
}

/** A failure a renderer sent back, as the service's error: an asset refusal names only its URL and reason. */
export function failureFromRenderer(failure: WireFailure): ServiceError {
  if (failure.type === "asset_blocked")
    return new ServiceError("asset_blocked", failure.message, {
      details: { url: failure.details.url, reason: failure.details.reason },
    });
  return new ServiceError("render_failed", failure.message, { details: { stage: "browser", ...failure.details } });
}
