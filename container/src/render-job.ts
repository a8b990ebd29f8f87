// The backend's side of a render: a fresh page in the warm browser, assets through the safe fetcher.
import type { Browser } from "puppeteer-core";
import { checkUrl } from "../../src/lib/egress-policy.ts";
import { renderPrepared, type PageJob } from "../../src/render/chromium/page-job.ts";
import type { BrowserPool } from "./browser-pool.ts";
import { pdfPageCount } from "../../src/render/pdf-structure.ts";
import { safeFetch } from "./safe-fetch.ts";

const MAX_ASSET_BYTES = 15 * 1024 * 1024;

export async function runJob(pool: BrowserPool, browser: Browser, job: PageJob, receivedAt: number): Promise<{ bytes: Uint8Array; pageCount: number }> {
  const prepared = await pool.page(browser);
  try {
    const bytes = await renderPrepared(prepared, job, {
      checkUrl,
      fetchAsset: (url, deadline) => safeFetch(url, { allowHttp: false, allowPrivate: job.allowPrivateEgress }, { maxBytes: MAX_ASSET_BYTES, deadline, maxRedirects: 5 }).then((a) => ({ ...a, body: a.body })),
    }, receivedAt + job.timeoutMs);
    return { bytes, pageCount: job.format === "pdf" ? pdfPageCount(bytes) : 1 };
  } finally {
    await prepared.page.close().catch(() => undefined);
  }
}
