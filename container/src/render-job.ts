// The backend's side of a render: a fresh page in the warm browser, assets through the safe fetcher.
import type { Browser } from "puppeteer-core";
import { checkUrl } from "../../src/lib/egress-policy.ts";
import { renderInPage, type PageJob, type PageLike } from "../../src/render/chromium/page-job.ts";
import { pdfPageCount } from "../../src/render/pdf-structure.ts";
import { safeFetch } from "./safe-fetch.ts";

const MAX_ASSET_BYTES = 15 * 1024 * 1024;

export async function runJob(browser: Browser, job: PageJob, receivedAt: number): Promise<{ bytes: Uint8Array; pageCount: number }> {
  const page = await browser.newPage();
  try {
    const bytes = await renderInPage(page as unknown as PageLike, job, {
      checkUrl,
      fetchAsset: (url, deadline) => safeFetch(url, { allowHttp: false, allowPrivate: job.allowPrivateEgress }, { maxBytes: MAX_ASSET_BYTES, deadline, maxRedirects: 5 }).then((a) => ({ ...a, body: a.body })),
    }, receivedAt + job.timeoutMs);
    return { bytes, pageCount: job.format === "pdf" ? pdfPageCount(bytes) : 1 };
  } finally {
    await page.close().catch(() => undefined);
  }
}
