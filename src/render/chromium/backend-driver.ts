import { ServiceError, type ErrorType } from "../../errors";
import type { ChromiumDriver, ChromiumJob, RenderedFile } from "./driver";

const BACKEND_WAIT_ALLOWANCE_MS = 90_000;

/** Drives the container render backend (`container/`) over HTTP with its shared secret. */
export function backendDriver(baseUrl: string, secret: string): ChromiumDriver {
  const endpoint = baseUrl.replace(/\/+$/, "");
  return {
    async render(job: ChromiumJob): Promise<RenderedFile> {
      let response: Response;
      try {
        response = await fetch(`${endpoint}/render`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-render-secret": secret },
          body: JSON.stringify({ html: job.html, format: job.format, options: job.options, timeout_ms: job.timeoutMs, allow_private_egress: job.allowPrivateEgress, account: job.accountId, max_pages: job.maxPages }),
          // The backend's own wait for a page and the job's timeout both end well before this: it only stops a hang.
          signal: AbortSignal.timeout(job.timeoutMs + BACKEND_WAIT_ALLOWANCE_MS),
        });
      } catch (error) {
        throw new ServiceError("render_failed", "The render backend could not be reached.", { details: { stage: "browser", reason: "backend_unreachable", transient: true, cause: String(error) } });
      }
      if (response.ok) {
        return { bytes: new Uint8Array(await response.arrayBuffer()), pageCount: Number(response.headers.get("x-page-count") ?? "1") };
      }
      const body = (await response.json().catch(() => null)) as { error?: { type?: string; message?: string; details?: Record<string, unknown> } } | null;
      const type: ErrorType = body?.error?.type === "asset_blocked" ? "asset_blocked" : "render_failed";
      const details = body?.error?.details ?? { stage: "browser" };
      throw new ServiceError(type, body?.error?.message ?? `The render backend answered ${response.status}.`, {
        details: type === "asset_blocked" ? { url: details.url, reason: details.reason } : { stage: "browser", ...details },
      });
    },
    async health(): Promise<string> {
      try {
        const response = await fetch(`${endpoint}/healthz`);
        return response.ok ? "ok" : `render backend answered ${response.status}`;
      } catch (error) {
        return `render backend unreachable: ${(error as Error).message}`;
      }
    },
  };
}
