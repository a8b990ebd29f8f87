import {
  BACKEND_CONTENT_TYPES,
  BACKEND_HEADERS,
  BACKEND_ROUTES,
  fileFromHeaders,
} from "@folio/render-page/backend-http-surface";
import { jobToWire } from "@folio/render-page/job-contract";
import { failureFromBody } from "@folio/render-page/job-failure";
import { unframedPdf } from "@folio/render-page/pdfua/accessibility-job";
import type { PdfUaReport } from "@folio/render-page/pdfua/violations";
import { ServiceError } from "../../errors";
import { postAccessibility } from "./accessibility-check";
import { type BackendFetch, fromHost, postToBackend, SIDE_WORK_TIMEOUT_MS } from "./backend-post";
import { chunkedPrinter } from "./chunked-printer";
import { type ChromiumJob, failureFromRenderer, type RenderBackend, type RenderedFile } from "./driver";
import { postCheck } from "./e-invoice-check";
import { InstanceUnavailable } from "./instance-spread";
import { postPageImage } from "./page-image";

const BACKEND_WAIT_ALLOWANCE_MS = 90_000;

export type { BackendFetch };

/** Sends `job` to one backend; `InstanceUnavailable` when the backend never got to answer for it. */
export async function postJob(send: BackendFetch, secret: string, job: ChromiumJob): Promise<RenderedFile> {
  // The backend's own wait for a page and the job's timeout both end well before this: it only stops a hang. A
  // `pdfua` print mended before the answer waits for that side work too.
  const timeoutMs = job.timeoutMs + BACKEND_WAIT_ALLOWANCE_MS + (job.accessibility ? SIDE_WORK_TIMEOUT_MS : 0);
  const response = await postToBackend(send, secret, BACKEND_ROUTES.render.path, jobToWire(job), timeoutMs);
  if (response.ok) {
    const { pageCount, cut, linkNames } = fileFromHeaders(response.headers, 1);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const kept = { pageCount, ...(cut ? { cut: true } : {}) };
    if (response.headers.get("content-type") !== BACKEND_CONTENT_TYPES.framedPdf)
      return { bytes, ...kept, ...(linkNames ? { linkNames } : {}) };
    // Mended and checked as it was asked: the report's line, then the file (accessible-print.ts).
    const { head, pdf } = unframedPdf<PdfUaReport>(bytes);
    return { bytes: pdf, ...kept, accessibility: head };
  }
  if (fromHost(response)) throw new InstanceUnavailable(`${response.status}: ${(await response.text()).slice(0, 200)}`);
  throw failureFromRenderer(failureFromBody(response.status, await response.json().catch(() => null)));
}

/** The backend's counters and memory (GET /stats, behind the secret): for /healthz?detail=1. */
export async function backendStats(send: BackendFetch, secret: string): Promise<Record<string, unknown>> {
  const response = await send(BACKEND_ROUTES.stats.path, {
    headers: { [BACKEND_HEADERS.secret]: secret },
    signal: AbortSignal.timeout(5_000),
  });
  if (!response.ok || fromHost(response)) throw new Error(`render backend answered ${response.status}`);
  return response.json();
}

/** Whatever a backend answered, with a backend that could not be reached as the service's error. */
export async function reaching<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof InstanceUnavailable ? unreachable(error) : error;
  }
}

export function unreachable(error: unknown): ServiceError {
  return new ServiceError("render_failed", "The render backend could not be reached.", {
    details: {
      stage: "browser",
      reason: "backend_unreachable",
      transient: true,
      cause: String((error as Error).message ?? error),
    },
  });
}

/** Drives one container render backend (`container/`) at a URL, over HTTP with its shared secret. */
export function backendDriver(baseUrl: string, secret: string): RenderBackend {
  const endpoint = baseUrl.replace(/\/+$/, "");
  const send: BackendFetch = (path, init) => fetch(`${endpoint}${path}`, init);
  return {
    name: "backend",
    print: (job: ChromiumJob): Promise<RenderedFile> => reaching(() => postJob(send, secret, job)),
    chunks: { open: () => chunkedPrinter((work) => reaching(() => work(send)), secret) },
    eInvoices: { check: (check, seat) => reaching(() => postCheck(send, secret, check, seat)) },
    pageImages: { firstPage: (pdf, seat) => reaching(() => postPageImage(send, secret, pdf, seat)) },
    accessibility: {
      mendAndCheck: (pdf, options, seat) => reaching(() => postAccessibility(send, secret, pdf, options, seat)),
    },
    async health(): Promise<string> {
      try {
        const response = await send(BACKEND_ROUTES.health.path);
        if (response.ok) return "ok";
        // The backend says why it cannot render (no browser, no page printed yet): that sentence is the answer.
        const body = (await response.json().catch(() => ({}))) as { renderer?: unknown };
        return typeof body.renderer === "string"
          ? `render backend: ${body.renderer}`
          : `render backend answered ${response.status}`;
      } catch (error) {
        return `render backend unreachable: ${(error as Error).message}`;
      }
    },
    stats: () => backendStats(send, secret),
  };
}
