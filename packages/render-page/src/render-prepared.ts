// One job on one prepared page, within the job's time: the viewport set, the document loaded and guarded,
// then printed or captured.
import { captureImage } from "./capture.ts";
import { guardLoadedDocument } from "./document-guard.ts";
import type { PageOptions, RenderedFile, RenderJob } from "./job-contract.ts";
import { JobFailure } from "./job-failure.ts";
import type { PageLike, Viewport } from "./page-like.ts";
import type { AssetFetch, PreparedPage } from "./prepared-page.ts";
import { printPdf } from "./print.ts";
import { DEFAULT_VIEWPORT } from "./raster-limits.ts";

/** Not transient: the same document would most likely run out of time again, so a queued render is not
 * redelivered to hold a page for that long once more. The caller may still retry, changed or not. */
function timedOut(timeoutMs: number): JobFailure {
  return new JobFailure(
    "render_failed",
    `The render did not finish within ${timeoutMs} ms. A long document can need more: raise timeout_ms if it ` +
      `is below its maximum of 30000, or split the document into several renders.`,
    { stage: "browser", reason: "timeout", timeout_ms: timeoutMs, retryable: true },
  );
}

/**
 * Sets the job's viewport; a resize costs a layout round trip in the renderer (~25 ms), so only when the page is not
 * already there.
 */
async function fitViewport(page: PageLike, options: PageOptions): Promise<Viewport> {
  const wanted = {
    width: options.width ?? DEFAULT_VIEWPORT.width,
    height: options.height ?? DEFAULT_VIEWPORT.height,
    deviceScaleFactor: options.device_scale_factor ?? DEFAULT_VIEWPORT.deviceScaleFactor,
  };
  const current = page.viewport();
  if (
    !current ||
    current.width !== wanted.width ||
    current.height !== wanted.height ||
    (current.deviceScaleFactor ?? 1) !== wanted.deviceScaleFactor
  )
    await page.setViewport(wanted);
  return wanted;
}

/**
 * Renders `job` on a prepared page within its `timeoutMs`, counted from now: the job has its page, so time
 * spent waiting for one is never charged to it. `stopped` ends it early when it rejects (the render
 * backend's memory ceiling). The caller owns the page afterwards.
 */
export async function renderPrepared(
  prepared: PreparedPage,
  job: RenderJob,
  fetchAsset: AssetFetch,
  stopped?: Promise<never>,
): Promise<RenderedFile> {
  const { page } = prepared;
  const blocked = prepared.assign(job, fetchAsset, Date.now() + job.timeoutMs);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut(job.timeoutMs)), job.timeoutMs);
  });
  const work = (async () => {
    const viewport = await fitViewport(page, job.options);
    await prepared.load(job);
    await guardLoadedDocument(page, blocked, job.allowPrivateEgress);
    return job.format === "pdf"
      ? printPdf(page, job)
      : { bytes: await captureImage(page, job, viewport), pageCount: 1 };
  })();
  try {
    return await Promise.race([work, deadline, ...(stopped ? [stopped] : [])]);
  } finally {
    clearTimeout(timer);
    prepared.finish();
  }
}
