// Every place that prints (the render backend, the Browser Rendering object) runs a job the same way: take
// a page, render, count the pages, answer, give the page back.
import type { RenderedFile, RenderJob } from "./job-contract.ts";
import { JobFailure } from "./job-failure.ts";
import type { AssetFetch, PageLender } from "./prepared-page.ts";
import { renderPrepared } from "./render-prepared.ts";

/** Watches a job while it renders: `stopped` rejects to end it early; `end` once it has been answered. */
export interface JobWatch {
  stopped: Promise<never>;
  end(): void;
}

/** What a job ends in: the file, or the error that stopped it. */
export type JobOutcome = { file: RenderedFile; error?: undefined } | { error: unknown };

export interface RunOptions {
  fetchAsset: AssetFetch;
  /** Started once the job has its page (the render backend's memory ceiling). */
  watch?: () => JobWatch;
  /** Called with the outcome before the page goes back, so the caller never waits on cleanup. */
  settle(outcome: JobOutcome): void;
}

/**
 * Whether a page is idle and sound after its job failed with `error`: a refused asset or an oversized layout
 * is found once the load has settled; anything else (a timeout, a browser error) may leave it busy.
 */
function pageReusableAfter(error: unknown): boolean {
  return error instanceof JobFailure && (error.type === "asset_blocked" || error.details.stage === "layout");
}

/**
 * Renders `job` on a page from `pages` and hands the outcome to `settle` before the page goes back. A page
 * whose job finished, or was refused once its load settled, is kept for the next job; after a timeout or a
 * browser error it may still be busy, so it is closed, and the job keeps its slot until it is. Failing to
 * take a page rejects: the job never reached one.
 */
export async function runOnPage(pages: PageLender, job: RenderJob, options: RunOptions): Promise<JobOutcome> {
  const prepared = await pages.take();
  const watch = options.watch?.();
  let healthy = false;
  let outcome: JobOutcome;
  try {
    const file = await renderPrepared(prepared, job, options.fetchAsset, watch?.stopped);
    healthy = true;
    outcome = { file };
  } catch (error) {
    healthy = pageReusableAfter(error);
    outcome = { error };
  }
  try {
    options.settle(outcome);
  } finally {
    watch?.end();
    await pages.giveBack(prepared, healthy);
  }
  return outcome;
}
