// The backend's side of a render: a page of the warm browser, assets through the safe fetcher, and the
// backend's memory ceiling watched while the job runs (past it the largest document is stopped, its page closed).
import type { RenderJob } from "@folio/render-page/job-contract";
import { type JobOutcome, runOnPage } from "@folio/render-page/run-on-page";
import type { Browser } from "puppeteer-core";
import type { BrowserPool } from "./browser-pool.ts";
import type { MemoryWatch } from "./memory-watch.ts";
import { safeFetch } from "./safe-fetch.ts";

const MAX_ASSET_BYTES = 15 * 1024 * 1024;

/** Renders `job` on a page of `browser`, answering through `settle` before the page goes back to the pool. */
export function runJob(
  pool: BrowserPool,
  browser: Browser,
  job: RenderJob,
  memory: MemoryWatch,
  settle: (outcome: JobOutcome) => void,
): Promise<JobOutcome> {
  return runOnPage(pool.pages(browser), job, {
    fetchAsset: (url, deadline) =>
      safeFetch(
        url,
        { allowHttp: false, allowPrivate: job.allowPrivateEgress },
        { maxBytes: MAX_ASSET_BYTES, deadline, maxRedirects: 5 },
      ),
    watch: () => memory.watch(job.html.length),
    settle,
  });
}
