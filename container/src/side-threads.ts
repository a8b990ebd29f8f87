// Work the Worker cannot do, run in the backend's side threads (e-invoice-thread.ts, page-image-thread.ts,
// accessibility-thread.ts), each job under the account and share the Worker names in its headers
// (@folio/render-page/side-seats): the routes validate-e-invoice.ts, page-image.ts and accessibility.ts ask them.
import type { ServerResponse } from "node:http";
import { JobFailure } from "@folio/render-page/job-failure";
import { accessibilityThread } from "./accessibility-thread.ts";
import { sendFailure } from "./backend-http.ts";
import { eInvoiceThreads } from "./e-invoice-thread.ts";
import { pageImageThread } from "./page-image-thread.ts";

export type SideThreads = ReturnType<typeof sideThreads>;

export function sideThreads() {
  // The official e-invoice rules, loaded and run off the event loop, in two threads.
  const eInvoices = eInvoiceThreads();
  // PDF pages drawn as images (an agent's preview), off the event loop too.
  const pageImages = pageImageThread();
  // A `pdfua` render's mends and check (pdf-lib over the whole file), off the event loop as well.
  const accessibility = accessibilityThread();
  return {
    eInvoices,
    pageImages,
    accessibility,
    /** Resolves once the e-invoice rules are loaded: how many, and how long the slower thread took. */
    ready: eInvoices.ready,
    get stats() {
      return {
        e_invoice_checks: eInvoices.stats,
        page_images: pageImages.stats,
        accessibility_checks: accessibility.stats,
      };
    },
  };
}

/** A side thread's failure as it is; anything else that stopped `work` in Folio's words, its own in the log. */
export function sendSideFailure(res: ServerResponse, work: string, stage: string, error: unknown): void {
  if (!(error instanceof JobFailure))
    console.error(`render backend: ${work} failed: ${(error as Error).stack ?? error}`);
  const failure = error instanceof JobFailure ? error : new JobFailure("render_failed", `${work} failed.`, { stage });
  sendFailure(res, failure);
}
