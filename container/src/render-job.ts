// The backend's side of a render: a fresh page in the warm browser, assets through the safe fetcher.
import type { Browser } from "puppeteer-core";
import { checkUrl } from "../../src/lib/egress-policy.ts";
import { type PageJob, pageReusableAfter, renderPrepared } from "../../src/render/chromium/page-job.ts";
import { pdfPageCount } from "../../src/render/pdf-structure.ts";
import type { BrowserPool } from "./browser-pool.ts";
import type { MemoryWatch } from "./memory-watch.ts";
import { safeFetch } from "./safe-fetch.ts";

const MAX_ASSET_BYTES = 15 * 1024 * 1024;

export interface RenderedJob {
  bytes: Uint8Array;
  pageCount: number;
}

/** What a job ends in: the file, or the error that stopped it. */
export type JobOutcome = { file: RenderedJob; error?: undefined } | { error: unknown };

/**
 * Renders `job` and hands the outcome to `settle` before the page goes back to the pool, so the caller
 * never waits on cleanup. A page whose job finished or was refused for a blocked asset (found only after
 * the load settled) is idle and reusable; after a timeout or a browser error it may still be busy, so it
 * is closed, and the job keeps its slot until it is. Memory is watched while the job runs: past the
 * backend's ceiling the largest document is stopped, and its page closed.
 */
export async function runJob(
  pool: BrowserPool,
  browser: Browser,
  job: PageJob,
  memory: MemoryWatch,
  settle: (outcome: JobOutcome) => void,
): Promise<JobOutcome> {
  const prepared = await pool.page(browser);
  let healthy = false;
  const watch = memory.watch(job.html.length);
  let outcome: JobOutcome;
  try {
    const bytes = await renderPrepared(
      prepared,
      job,
      {
        checkUrl,
        fetchAsset: (url, deadline) =>
          safeFetch(
            url,
            { allowHttp: false, allowPrivate: job.allowPrivateEgress },
            { maxBytes: MAX_ASSET_BYTES, deadline, maxRedirects: 5 },
          ),
      },
      watch.stopped,
    );
    healthy = true;
    outcome = { file: { bytes, pageCount: job.format === "pdf" ? pdfPageCount(bytes) : 1 } };
  } catch (error) {
    healthy = pageReusableAfter(error);
    outcome = { error };
  }
  try {
    settle(outcome);
  } finally {
    watch.end();
    await pool.done(browser, prepared, healthy);
  }
  return outcome;
}
