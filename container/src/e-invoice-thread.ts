// The backend's e-invoice checks, answered by one side thread that holds every rule set (e-invoice-worker.ts): a
// Factur-X check keeps SaxonJS busy for a tenth of a second or more, which must not hold the prints' Chromium traffic.
import type { EInvoiceValidation } from "@folio/e-invoice/validate";
import { JobFailure } from "@folio/render-page/job-failure";
import { SideThread } from "./side-thread.ts";

/** Takes a `/validate-e-invoice` body (`{xml, standard, profile | cius}`) and answers the rules' verdict. */
export type EInvoiceThread = SideThread<string, EInvoiceValidation, { ruleSets: number; ms: number }>;

/**
 * The most one check may hold the thread: a 10-line invoice takes a fifth of a second, the largest (5 MiB of XML)
 * a few seconds; the Worker gives up on an answer at 30 s (src/render/chromium/e-invoice-check.ts).
 */
const CHECK_LIMIT_MS = 20_000;

export function eInvoiceThread(): EInvoiceThread {
  return new SideThread(
    new URL("./e-invoice-worker.ts", import.meta.url),
    (why) =>
      new JobFailure("render_failed", `The e-invoice check stopped (${why}); retry the render.`, {
        stage: "e_invoice",
        reason: "check_stopped",
        retryable: true,
        transient: true,
      }),
    CHECK_LIMIT_MS,
  );
}
