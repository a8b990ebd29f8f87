import type { EInvoiceKind, EInvoiceValidation } from "@folio/e-invoice/validate";
import type { ChunkPiece, RenderedFile, RenderJob, SideSeat, SlotShare } from "@folio/render-page/job-contract";
import type { WireFailure } from "@folio/render-page/job-failure";
import type { JoinJob } from "@folio/render-page/join-contract";
import type { AccessibilityResult } from "@folio/render-page/pdfua/accessibility-job";
import type { PdfUaMendOptions } from "@folio/render-page/pdfua/mend";
import type { RenderOptions } from "../../contract/render-options/options-schema";
import { ServiceError } from "../../errors";

/** The port the domain renders through: it names the job's types here, not in the shared package. */
export type { AccessibilityResult, EInvoiceValidation, PdfUaMendOptions, RenderedFile, SideSeat, SlotShare };

/** What the render backend checks: the rendered XML and the kind it is declared as. */
export type EInvoiceCheck = EInvoiceKind & { xml: string };
export type { EInvoiceKind };

/** The job contract every Chromium takes (@folio/render-page), its options as the Worker validated them. */
export type ChromiumJob = RenderJob<RenderOptions>;

/** A chunked render's joined PDF, streamed from the backend that kept its pieces. */
export interface JoinedFile {
  body: ReadableStream<Uint8Array>;
  pageCount: number;
  byteSize: number;
}

/** One chunked render's pieces and join, all on the one render backend that keeps them (chunked-printer.ts). */
export interface ChunkedPrinter {
  /** Prints one chunk into the session: its pages, and the session's pages so far. */
  print(job: ChromiumJob & { chunk: ChunkPiece }): Promise<{ pageCount: number; totalPages: number }>;
  join(job: JoinJob): Promise<JoinedFile>;
  /** The render stopped before its join: the backend deletes its pieces now (docs/limits.md#disk-and-money). */
  drop(session: string): Promise<void>;
}

/** Chunk sessions: a printer for one chunked render of `accountId`'s. */
export interface ChunkSessions {
  open(accountId: string): ChunkedPrinter;
}

/**
 * E-invoice checks with the official rules, which need Node: the render backend runs them, each check taking its
 * turn as `seat`'s work.
 */
export interface EInvoiceChecks {
  check(check: EInvoiceCheck, seat: SideSeat): Promise<EInvoiceValidation>;
}

/**
 * PDF/UA-1 (docs/accessibility.md#in-a-render): a finished, not yet encrypted PDF mended and checked by the render
 * backend, page by page, as `seat`'s work.
 */
export interface AccessibilityChecks {
  mendAndCheck(pdf: Uint8Array, options: PdfUaMendOptions, seat: SideSeat): Promise<AccessibilityResult>;
}

/** Page images: a PDF's first page as a PNG (an agent's preview looks at it), drawn as `seat`'s work. */
export interface PageImages {
  firstPage(pdf: Uint8Array, seat: SideSeat): Promise<Uint8Array>;
}

/**
 * The port the domain renders through, one shape for three drivers: the render backend's containers (production),
 * one render backend at a URL (development, tests, a backend hosted elsewhere) and the Browser Rendering binding.
 * Each capability is a value, null where the driver has none, so a caller asks for it rather than probing members.
 */
export interface RenderBackend {
  /** Named in the request log and in /healthz?detail=1. */
  readonly name: "container" | "backend" | "browser-rendering";
  /** Prints one whole document. */
  readonly print: (job: ChromiumJob) => Promise<RenderedFile>;
  /** Null where nothing can keep a chunked render's pieces (Browser Rendering): `options.chunk` needs a backend. */
  readonly chunks: ChunkSessions | null;
  /** Null where no Node runs the rules (Browser Rendering): the invoice is then "unchecked". */
  readonly eInvoices: EInvoiceChecks | null;
  /** Null where no Node mends and checks a PDF (Browser Rendering): a `pdfua` render is then refused. */
  readonly accessibility: AccessibilityChecks | null;
  /** Null where nothing draws pages (Browser Rendering): a preview then answers the PDF itself. */
  readonly pageImages: PageImages | null;
  /** "ok", or why the renderer cannot take work. Cheap: /healthz asks on every probe. */
  readonly health: () => Promise<string>;
  /** Counters and memory of what renders, for /healthz?detail=1; may wake nothing that sleeps. */
  readonly stats: () => Promise<Record<string, unknown>>;
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
