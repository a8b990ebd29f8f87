import puppeteer, { type Browser } from "@cloudflare/puppeteer";
import { ServiceError } from "../../errors";
import { checkUrl } from "../../lib/egress-policy";
import { assetBlocked, fetchAsset } from "../asset-fetcher";
import { pdfPageCount } from "../pdf-structure";
import type { ChromiumDriver, ChromiumJob, RenderedFile } from "./driver";
import { JobFailure, renderInPage, type PageLike } from "./page-job";

const KEEP_ALIVE_MS = 10 * 60 * 1000;

/** Joins an idle Browser Rendering session when there is one, so most renders pay no browser start. */
async function acquire(binding: Fetcher): Promise<Browser> {
  const sessions = await puppeteer.sessions(binding as never);
  for (const session of sessions.filter((s) => !s.connectionId)) {
    try {
      return await puppeteer.connect(binding as never, session.sessionId);
    } catch {
      continue;
    }
  }
  return puppeteer.launch(binding as never, { keep_alive: KEEP_ALIVE_MS });
}

function asServiceError(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  if (error instanceof JobFailure) {
    return error.type === "asset_blocked"
      ? new ServiceError("asset_blocked", error.message, { details: { url: error.details.url, reason: error.details.reason } })
      : new ServiceError("render_failed", error.message, { details: error.details });
  }
  const message = (error as Error).message ?? String(error);
  return new ServiceError("render_failed", `Chromium failed: ${message}`, { details: { stage: "browser", transient: true, cause: message } });
}

/** Drives Chromium through the `BROWSER` binding (Cloudflare Browser Rendering, or Miniflare's local one). */
export function browserRenderingDriver(binding: Fetcher): ChromiumDriver {
  return {
    async render(job: ChromiumJob): Promise<RenderedFile> {
      let browser: Browser | undefined;
      try {
        browser = await acquire(binding);
        const page = await browser.newPage();
        try {
          const policy = { allowHttp: false, allowPrivate: job.allowPrivateEgress };
          const bytes = await renderInPage(page as unknown as PageLike, { ...job, options: job.options as Record<string, unknown> }, {
            checkUrl,
            fetchAsset: async (url) => {
              try {
                const asset = await fetchAsset(url, policy);
                return { status: asset.status, contentType: asset.contentType, body: asset.bytes };
              } catch (error) {
                const details = error instanceof ServiceError ? error.extra.details : undefined;
                throw details ? { url: details.url, reason: details.reason } : assetBlocked(url, String(error)).extra.details;
              }
            },
          });
          return { bytes, pageCount: job.format === "pdf" ? pdfPageCount(bytes) : 1 };
        } finally {
          await page.close().catch(() => undefined);
        }
      } catch (error) {
        throw asServiceError(error);
      } finally {
        browser?.disconnect();
      }
    },
    async health(): Promise<string> {
      try {
        await puppeteer.sessions(binding as never);
        return "ok";
      } catch (error) {
        return `browser rendering unavailable: ${(error as Error).message}`;
      }
    },
  };
}
