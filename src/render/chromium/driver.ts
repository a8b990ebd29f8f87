import type { EInvoiceKind, EInvoiceValidation } from "@folio/e-invoice/validate";
import type { RenderedFile, RenderJob, SideSeat, SlotShare } from "@folio/render-page/job-contract";
import type { WireFailure } from "@folio/render-page/job-failure";
import type { RenderOptions } from "../../contract/render-options/options-schema";
import { ServiceError } from "../../errors";
import type { ChunkedPrinter } from "./chunked-printer";

/** The port the domain renders through: it names the job's types here, not in the shared package. */
export type { EInvoiceValidation, RenderedFile, SideSeat, SlotShare };

/** What the render backend checks: the rendered XML and the kind it is declared as. */
export type EInvoiceCheck = EInvoiceKind & { xml: string };
export type { EInvoiceKind };

/** The job contract every Chromium takes (@folio/render-page), its options as the Worker validated them. */
export type ChromiumJob = RenderJob<RenderOptions>;

/**
 * One interface, three drivers: the render backend's containers (production), one render backend at a URL
 * (development, tests, a backend hosted elsewhere) and the Browser Rendering binding.
 */
export interface ChromiumDriver {
  /** Named in the request log and in /healthz?detail=1. */
  readonly name: "container" | "backend" | "browser-rendering";
  render(job: ChromiumJob): Promise<RenderedFile>;
  /**
   * Checks an e-invoice with the official rules, which need Node: the backend drivers ask the render backend,
   * where the check takes its turn as `seat`'s work; a driver without one answers "unchecked".
   */
  checkEInvoice(check: EInvoiceCheck, seat: SideSeat): Promise<EInvoiceValidation | "unchecked">;
  /**
   * A PDF's first page as a PNG (an agent's preview looks at it): drawn by the render backend; absent where there is
   * none (the Browser Rendering binding), and the preview then answers the PDF itself.
   */
  firstPageImage?(pdf: Uint8Array, seat: SideSeat): Promise<Uint8Array>;
  /**
   * A chunked render's printer, its pieces and join on one render backend; absent where nothing can keep the
   * pieces (the Browser Rendering binding), so `options.chunk` needs a render backend.
   */
  chunked?(accountId: string): ChunkedPrinter;
  /** "ok", or why the renderer cannot take work. Cheap: /healthz asks on every probe. */
  health(): Promise<string>;
  /** Counters and memory of what renders, for /healthz?detail=1; may wake nothing that sleeps. */
  stats(): Promise<Record<string, unknown>>;
}

/**
 * A failure a renderer sent back, as the service's error: an asset refusal names only its URL and reason; a backend
 * whose disk holds all the chunk pieces it may says when to try again.
 */
export function failureFromRenderer(failure: WireFailure): ServiceError {
  if (failure.type === "asset_blocked")
    return new ServiceError("asset_blocked", failure.message, {
      details: { url: failure.details.url, reason: failure.details.reason },
    });
  const retryAfter = failure.details.retry_after_seconds;
  if (failure.type === "rate_limited")
    return new ServiceError("rate_limited", failure.message, {
      details: failure.details,
      ...(typeof retryAfter === "number" ? { retryAfterSeconds: retryAfter } : {}),
    });
  return new ServiceError("render_failed", failure.message, { details: { stage: "browser", ...failure.details } });
}
