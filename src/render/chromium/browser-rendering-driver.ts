import puppeteer from "@cloudflare/puppeteer";
import type { WireFailure } from "@folio/render-page/job-failure";
import { ServiceError } from "../../errors";
import { type ChromiumJob, failureFromRenderer, type RenderBackend, type RenderedFile } from "./driver";
import { InstanceUnavailable, sharedSpread } from "./instance-spread";

/** A RenderBrowser object's answer to a job, its end as a value: an error's class does not survive the trip back. */
export type BrowserOutcome = { file: RenderedFile } | { error: WireFailure };

/**
 * What the driver asks of a RenderBrowser Durable Object (not named here, so the render layer stays below the
 * objects): a job printed, and its counters.
 */
export interface BrowserHost {
  render(job: ChromiumJob): Promise<unknown>;
  stats(): Promise<unknown>;
}

/** The RenderBrowser namespace as the driver reaches it. */
export interface BrowserHosts {
  idFromName(name: string): DurableObjectId;
  get(id: DurableObjectId): BrowserHost;
}

/**
 * Drives Chromium through the `BROWSER` binding (Cloudflare Browser Rendering, or Miniflare's local one):
 * jobs go to `sessions` RenderBrowser objects, each a connected browser whose pages are reused job to job,
 * chosen like the render backend's containers (an account's jobs to the object its key ranks first while
 * that one has a free page, once more on the next when an object could not take the job).
 */
export function browserRenderingDriver(
  binding: Fetcher,
  hosts: BrowserHosts,
  sessions: number,
  pagesPerSession: number,
): RenderBackend {
  const names = Array.from({ length: sessions }, (_, index) => `browser-${index}`);
  const spread = sharedSpread(names, pagesPerSession);
  const host = (name: string) => hosts.get(hosts.idFromName(name));
  return {
    name: "browser-rendering",
    async print(job: ChromiumJob): Promise<RenderedFile> {
      const outcome = await spread
        .run(job.accountId, async (name) => {
          try {
            return (await host(name).render(job)) as BrowserOutcome;
          } catch (error) {
            // The object itself failed (reset by a deploy, overloaded): render answers its own failures as values.
            throw new InstanceUnavailable((error as Error).message ?? String(error));
          }
        })
        .catch((error: unknown) => {
          if (!(error instanceof InstanceUnavailable)) throw error;
          throw new ServiceError("render_failed", "The Browser Rendering session could not take the render.", {
            details: { stage: "browser", reason: "session_unavailable", transient: true, cause: error.message },
          });
        });
      if ("file" in outcome) return outcome.file;
      throw failureFromRenderer(outcome.error);
    },
    // Browser Rendering keeps no pieces, runs no Node (where the official rules, the PDF/UA mends and checker run)
    // and draws no page images.
    chunks: null,
    eInvoices: null,
    pageImages: null,
    accessibility: null,
    async health(): Promise<string> {
      try {
        await puppeteer.sessions(binding as never);
        return "ok";
      } catch (error) {
        return `browser rendering unavailable: ${(error as Error).message}`;
      }
    },
    async stats() {
      const seats = spread.stats();
      return {
        sessions: await Promise.all(
          names.map(async (name) => ({
            ...seats.find((seat) => seat.name === name),
            browser: await host(name).stats(),
          })),
        ),
      };
    },
  };
}
