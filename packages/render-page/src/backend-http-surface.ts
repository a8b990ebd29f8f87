// The render backend's HTTP surface, declared once for both of its sides: the Worker's drivers send these requests
// (src/render/chromium) and container/src answers them. The bodies' own codecs are the job's (job-contract.ts), the
// join's (join-contract.ts) and a failure's (job-failure.ts); an e-invoice check or a page image names its seat in
// headers (job-contract.ts, seatHeaders).
import { linkNamesFromHeader, linkNamesToHeader } from "./link-names.ts";

/** Every route the backend answers; all but the health probe need the shared secret. */
export const BACKEND_ROUTES = {
  /** A job's document printed (a whole file), or a chunk's piece printed into its session. */
  render: { method: "POST", path: "/render" },
  /** A chunked render's pieces joined and finished: the PDF, streamed. */
  join: { method: "POST", path: "/join" },
  /** A chunked render stopped before its join: its pieces go. */
  drop: { method: "POST", path: "/drop" },
  /** An e-invoice checked with the official rules, in a side thread. */
  validateEInvoice: { method: "POST", path: "/validate-e-invoice" },
  /** A `pdfua` render's PDF mended and checked for PDF/UA-1, in a side thread (pdfua/accessibility-job.ts). */
  accessibility: { method: "POST", path: "/accessibility" },
  /** A PDF's first page drawn as a PNG, in a side thread. */
  pageImage: { method: "POST", path: "/page-image" },
  /** Whether the backend can print: open, cheap, probed by its host and the Worker. */
  health: { method: "GET", path: "/healthz" },
  /** Counters and memory, for /healthz?detail=1. */
  stats: { method: "GET", path: "/stats" },
  /** The requests the deny proxy refused (the egress tests read it). */
  proxyLog: { method: "GET", path: "/proxy-log" },
} as const;

export type BackendRoute = (typeof BACKEND_ROUTES)[keyof typeof BACKEND_ROUTES];

/** The headers either side sets, by what they carry. */
export const BACKEND_HEADERS = {
  /** The secret the Worker and the backend share; the backend refuses a request without it. */
  secret: "x-render-secret",
  /** A printed or joined file's pages. */
  pageCount: "x-page-count",
  /** "true" when a print stopped at the job's page ceiling (`cutAtMaxPages`). */
  pagesCut: "x-pages-cut",
  /** How long the backend took, from the request's arrival (for the logs and the bench). */
  renderMs: "x-render-ms",
  /** A `pdfua` print's link names (link-names.ts): base64 of their JSON, bounded. */
  linkNames: "x-link-names",
  /** A page image's pixels, `WIDTHxHEIGHT`. */
  imageSize: "x-image-size",
} as const;

/** The content types of the bodies: a job or an answer as JSON, a file as itself. */
export const BACKEND_CONTENT_TYPES = {
  json: "application/json",
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  /** A JSON line, then a PDF: the accessibility route's request (mend options) and answer (the report). */
  framedPdf: "application/x-folio-framed-pdf",
} as const;

/** The headers of a printed or joined file's answer. */
export function fileHeaders(
  contentType: string,
  file: { bytes: Uint8Array; pageCount: number; cut?: boolean; linkNames?: readonly string[] },
  receivedAt: number,
): Record<string, string | number> {
  const linkNames = file.linkNames && linkNamesToHeader(file.linkNames);
  return {
    "content-type": contentType,
    "content-length": file.bytes.byteLength,
    [BACKEND_HEADERS.pageCount]: String(file.pageCount),
    ...(file.cut ? { [BACKEND_HEADERS.pagesCut]: "true" } : {}),
    ...(linkNames ? { [BACKEND_HEADERS.linkNames]: linkNames } : {}),
    [BACKEND_HEADERS.renderMs]: String(Date.now() - receivedAt),
  };
}

/** A file answer's pages (`fallback` when the header is missing), whether its print was cut, and its link names. */
export function fileFromHeaders(
  headers: Headers,
  fallback: number,
): { pageCount: number; cut: boolean; linkNames?: string[] } {
  const linkNames = linkNamesFromHeader(headers.get(BACKEND_HEADERS.linkNames));
  return {
    pageCount: Number(headers.get(BACKEND_HEADERS.pageCount) ?? String(fallback)),
    cut: headers.get(BACKEND_HEADERS.pagesCut) === "true",
    ...(linkNames ? { linkNames } : {}),
  };
}

/** A piece printed into its session: its pages, and the session's so far. */
export interface PieceCounts {
  pageCount: number;
  totalPages: number;
}

export const pieceCountsToWire = (counts: PieceCounts) => ({
  page_count: counts.pageCount,
  total_pages: counts.totalPages,
});

export function pieceCountsFromWire(body: unknown): PieceCounts {
  const wire = body as { page_count: number; total_pages: number };
  return { pageCount: wire.page_count, totalPages: wire.total_pages };
}

/** A drop's body: the session whose pieces go. */
export const dropToWire = (session: string): string => JSON.stringify({ session });

/** The session a drop names, or null when its body names none. */
export function dropFromWire(text: string): string | null {
  const { session } = JSON.parse(text) as { session?: unknown };
  return typeof session === "string" ? session : null;
}
