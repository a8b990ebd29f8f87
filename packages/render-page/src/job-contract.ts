// A render job as the Worker hands it to a Chromium (the render backend over HTTP, the Browser Rendering
// object by RPC) and as a page renders it: one shape, and its one JSON form for the backend's POST /render.
import { type AccessibilityAtPrint, accessibilityFromWire } from "./accessibility-at-print.ts";
import type { PdfUaReport } from "./pdfua/violations.ts";

/** What Chromium makes of a document. */
export type PageFormat = "pdf" | "png" | "jpg";

/** "paid": a paying account's render; "free": a free or trial account's render, or any preview. */
export type SlotShare = "paid" | "free";

/** Margins by side, each a CSS length. */
export type Margins = { top?: string; right?: string; bottom?: string; left?: string };

/**
 * The render options a page reads, as the Worker validated them (docs/rendering.md): the Worker's own options type
 * holds more, which the page leaves to the Worker.
 */
export interface PageOptions {
  /** A page size's name, or its width and height as CSS lengths. */
  page_size?: string | { width: string; height: string };
  landscape?: boolean;
  margin?: string | Margins;
  print_background?: boolean;
  scale?: number;
  header_html?: string;
  footer_html?: string;
  metadata?: { title?: string; lang?: string };
  tagged?: boolean;
  outline?: boolean;
  /** PDF/UA-1: the Worker has it mended and checked after printing; Chromium tags the PDF for it. */
  pdfua?: string;
  toc?: boolean;
  width?: number;
  height?: number;
  full_page?: boolean;
  device_scale_factor?: number;
  quality?: number;
  omit_background?: boolean;
}

/**
 * Whether Chromium prints a PDF's structure tree: asked for, or implied (an outline is made from the structure tree,
 * and PDF/UA-1 is a tagged PDF).
 */
export function printsTagged(options: Pick<PageOptions, "tagged" | "outline" | "pdfua">): boolean {
  return options.tagged === true || options.outline === true || options.pdfua !== undefined;
}

/** A finished HTML document (Liquid already applied) and what to make of it. */
export interface RenderJob<Options extends object = PageOptions> {
  html: string;
  format: PageFormat;
  /** The merged render options; the page reads those it knows. */
  options: Options;
  /** Counted from the moment the job gets a browser page, not while it waits for one. */
  timeoutMs: number;
  allowPrivateEgress: boolean;
  /** Whose job this is: a Chromium takes turns between accounts when its pages are all busy. */
  accountId: string;
  /** Which half of an instance's slots the job may use: "free" for free and trial accounts and every preview. */
  share: SlotShare;
  /** PDF only: print at most one page past this many (the page ceiling the account can pay for). */
  maxPages?: number;
  /**
   * PDF only, with `maxPages`: a longer document is printed to `maxPages` and answered `cut` (a preview's page
   * limit), instead of one page past it (a render's ceiling, which refuses the document).
   */
  cutAtMaxPages?: boolean;
  /**
   * PDF only, set inside the render backend for a slice of the margins document (container/src/join-render.ts):
   * print only these pages, numbered as in the whole. Never on the wire.
   */
  pageRange?: { first: number; last: number };
  /** PNG and JPG only: a preview's mark, laid over the captured pixels (a PDF is marked in the Worker). */
  markHtml?: string;
  /**
   * One piece of a chunked render (docs/rendering.md#long-documents): the backend keeps its PDF under `session`
   * as piece `index` (0 starts the session afresh) and answers only its page count, until POST /join.
   */
  chunk?: ChunkPiece;
  /**
   * PDF only, a `pdfua` render nothing changes between its print and its mends (no preview mark, no finishing but
   * encryption): the backend normalizes the printed file and mends and checks it before it answers, rather than the
   * Worker sending it back (docs/accessibility.md#in-a-render).
   */
  accessibility?: AccessibilityAtPrint;
}

export interface ChunkPiece {
  session: string;
  index: number;
}

/** What a finished job gives back. */
export interface RenderedFile {
  bytes: Uint8Array;
  pageCount: number;
  /** The document has more pages than `maxPages`, and the file holds only those (`cutAtMaxPages`). */
  cut?: boolean;
  /** A `pdfua` PDF only: each link's accessible name, in document order (link-names.ts). */
  linkNames?: string[];
  /** With `accessibility`: the file is normalized, mended and checked, and this is the checker's report. */
  accessibility?: PdfUaReport;
}

/** The job as the backend's POST /render body (JSON, snake_case like the rest of Folio's wire). */
export function jobToWire(job: RenderJob<object>): string {
  return JSON.stringify({
    html: job.html,
    format: job.format,
    options: job.options,
    timeout_ms: job.timeoutMs,
    allow_private_egress: job.allowPrivateEgress,
    account: job.accountId,
    share: job.share,
    max_pages: job.maxPages,
    cut_at_max_pages: job.cutAtMaxPages,
    mark_html: job.markHtml,
    chunk: job.chunk,
    accessibility: job.accessibility,
  });
}

/** A POST /render body as jobToWire writes it; the fields that decide what the job may do are checked on reading. */
interface WireJob {
  html: string;
  format: PageFormat;
  options?: PageOptions;
  timeout_ms?: number;
  allow_private_egress?: unknown;
  account?: unknown;
  share?: unknown;
  max_pages?: unknown;
  cut_at_max_pages?: unknown;
  mark_html?: unknown;
  chunk?: Partial<ChunkPiece>;
  accessibility?: Partial<AccessibilityAtPrint>;
}

/**
 * A POST /render body read back as a job. What is missing takes the safe value: no private egress, the free
 * share (only a job the Worker marks paid may use the paid half of the slots), the longest timeout.
 */
export function jobFromWire(text: string): RenderJob {
  const body: WireJob = JSON.parse(text);
  return {
    html: body.html,
    format: body.format,
    options: body.options ?? {},
    timeoutMs: body.timeout_ms ?? 30_000,
    allowPrivateEgress: body.allow_private_egress === true,
    accountId: typeof body.account === "string" ? body.account : "",
    share: body.share === "paid" ? "paid" : "free",
    ...(typeof body.max_pages === "number" && Number.isSafeInteger(body.max_pages) ? { maxPages: body.max_pages } : {}),
    ...(body.cut_at_max_pages === true ? { cutAtMaxPages: true } : {}),
    ...(typeof body.mark_html === "string" ? { markHtml: body.mark_html } : {}),
    ...(typeof body.chunk?.session === "string" && Number.isSafeInteger(body.chunk.index)
      ? { chunk: { session: body.chunk.session, index: Number(body.chunk.index) } }
      : {}),
    ...accessibilityFromWire(body.accessibility),
  };
}

/**
 * Whose work a backend request without a job body is (an e-invoice check, a page image): its side thread takes
 * turns between accounts like a Chromium's pages (docs/limits.md#fair-share). Sent as headers, read back with the
 * safe values when missing: the free share.
 */
export interface SideSeat {
  accountId: string;
  share: SlotShare;
}

const SEAT_ACCOUNT = "x-folio-account";
const SEAT_SHARE = "x-folio-share";

export function seatHeaders(seat: SideSeat): Record<string, string> {
  return { [SEAT_ACCOUNT]: seat.accountId, [SEAT_SHARE]: seat.share };
}

export function seatFromHeaders(headers: Record<string, string | string[] | undefined>): SideSeat {
  const account = headers[SEAT_ACCOUNT];
  return {
    accountId: typeof account === "string" ? account : "",
    share: headers[SEAT_SHARE] === "paid" ? "paid" : "free",
  };
}
