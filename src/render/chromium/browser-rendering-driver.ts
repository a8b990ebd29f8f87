import puppeteer from "@cloudflare/puppeteer";
import type { BrowserOutcome, RenderBrowser } from "../../durable-objects/render-browser";
import { ServiceError } from "../../errors";
import { type ChromiumDriver, type ChromiumJob, failureFromRenderer, type RenderedFile } from "./driver";
import { InstanceUnavailable, sharedSpread } from "./instance-spread";

/**
 * Drives Chromium through the `BROWSER` binding (Cloudflare Browser Rendering, or Miniflare's local one):
 * jobs go to `sessions` RenderBrowser objects, each a connected browser whose pages are reused job to job,
 * chosen like the render backend's containers (an account's jobs to the object its key ranks first while
 * that one has a free page, once more on the next when an object could not take the job).
 */
export function browserRenderingDriver(
  binding: Fetcher,
  hosts: DurableObjectNamespace<RenderBrowser>,
  sessions: number,
  pagesPerSession: number,
): ChromiumDriver {
  const names = Array.from({ length: sessions }, (_, index) => `browser-${index}`);
  const spread = sharedSpread(names, pagesPerSession);
  const host = (name: string) => hosts.get(hosts.idFromName(name));
  return {
    name: "browser-rendering",
    async render(job: ChromiumJob): Promise<RenderedFile> {
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
    // Browser Rendering runs no Node, where the official rules run.
    checkEInvoice: async () => "unchecked",
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
