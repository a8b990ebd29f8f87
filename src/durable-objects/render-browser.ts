import { DurableObject } from "cloudflare:workers";
import type { Browser } from "@cloudflare/puppeteer";
import { FairSlots, type SlotLease } from "@folio/render-page/fair-slots";
import { IdlePages } from "@folio/render-page/idle-pages";
import { JobFailure, wireFailure } from "@folio/render-page/job-failure";
import type { PageLike } from "@folio/render-page/page-like";
import type { AssetFetch, PageLender } from "@folio/render-page/prepared-page";
import { runOnPage } from "@folio/render-page/run-on-page";
import type { Env } from "../env";
import { ServiceError } from "../errors";
import { assetBlocked, fetchAsset } from "../render/asset-fetcher";
import type { BrowserOutcome } from "../render/chromium/browser-rendering-driver";
import { openSession } from "../render/chromium/browser-session";
import type { ChromiumJob } from "../render/chromium/driver";
import { buildServices } from "../services";

/** Jobs one page serves before it is closed for a fresh one, as in the render backend. */
const PAGE_REUSE = 100;
/**
 * Unlike the backend's, these pages are emptied after every job: kept holding their last document, renders under
 * this driver failed now and then with "Execution context was destroyed" (a navigation) in full test runs.
 */
const KEEP_DOCUMENTS_WHILE_IDLE = false;
/** How long a job waits for one of the browser's pages: about two full-length renders. */
const MAX_WAIT_MS = 60_000;

/** The job's document never reached a page (no session, no page could be opened): another try may well succeed. */
function unavailable(error: unknown): BrowserOutcome {
  const failure = wireFailure(error);
  return {
    error: error instanceof JobFailure ? failure : { ...failure, details: { ...failure.details, transient: true } },
  };
}

/**
 * Every sub-request of the page goes through the Worker's safe fetcher, under the same egress policy as everything
 * else.
 */
function safeFetcher(allowPrivate: boolean): AssetFetch {
  const policy = { allowHttp: false, allowPrivate };
  return async (url) => {
    try {
      const asset = await fetchAsset(url, policy);
      return { status: asset.status, contentType: asset.contentType, body: asset.bytes };
    } catch (error) {
      const details = error instanceof ServiceError ? error.extra.details : undefined;
      throw details ? { url: details.url, reason: details.reason } : assetBlocked(url, String(error)).extra.details;
    }
  };
}

/**
 * One Browser Rendering browser kept connected, with its pages reused job to job as the render backend
 * reuses its own (PreparedPage: the document rewritten in place under its CSP; IdlePages: emptied after each job,
 * closed after a timeout or a browser error). A Worker cannot keep the browser's WebSocket from one
 * request to the next (I/O belongs to the request that opened it); a Durable Object can, so the connection and
 * the pages live here and every Worker asks this object to render. The browser-rendering driver spreads jobs over
 * `BROWSER_SESSIONS` of these.
 */
export class RenderBrowser extends DurableObject<Env> {
  private browser: Promise<Browser> | null = null;
  private readonly idle = new IdlePages<Browser>(PAGE_REUSE, () => this.browser, KEEP_DOCUMENTS_WHILE_IDLE);
  private readonly slots: FairSlots;
  private readonly counters = { jobs: 0, pages_opened: 0, sessions_launched: 0, sessions_joined: 0 };

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.slots = new FairSlots(buildServices(env).config.instanceConcurrency, MAX_WAIT_MS);
  }

  /** Renders `job` on a page of this object's browser; answered before the page is given back for the next job. */
  render(job: ChromiumJob): Promise<BrowserOutcome> {
    return new Promise((settle) => void this.run(job, settle));
  }

  async stats() {
    return {
      ...this.counters,
      ...this.slots.stats,
      ...this.idle.stats,
      connected: this.browser !== null,
      session: (await this.ctx.storage.get<string>("session")) ?? null,
    };
  }

  private async run(job: ChromiumJob, settle: (outcome: BrowserOutcome) => void): Promise<void> {
    let lease: SlotLease;
    try {
      lease = await this.slots.acquire(job.accountId, job.share);
    } catch (error) {
      return settle(unavailable(error));
    }
    let failure: unknown;
    try {
      await runOnPage(this.pagesOf(await this.connected()), job, {
        fetchAsset: safeFetcher(job.allowPrivateEgress),
        settle: (outcome) => {
          failure = outcome.error;
          lease.settled(outcome);
          settle("file" in outcome ? { file: outcome.file } : { error: wireFailure(outcome.error) });
        },
      });
    } catch (error) {
      settle(unavailable(error));
    } finally {
      lease.release({ error: failure });
    }
  }

  private connected(): Promise<Browser> {
    if (this.browser) return this.browser;
    const opening = this.open();
    this.browser = opening;
    const forget = () => {
      if (this.browser !== opening) return;
      this.browser = null;
      this.idle.forget();
    };
    opening.then((browser) => browser.once("disconnected", forget), forget);
    return opening;
  }

  private async open(): Promise<Browser> {
    if (!this.env.BROWSER)
      throw new JobFailure("render_failed", "The BROWSER binding is not configured.", {
        stage: "browser",
        reason: "no_renderer",
        retryable: false,
      });
    const opened = await openSession(this.env.BROWSER, await this.ctx.storage.get<string>("session"));
    this.counters[opened.launched ? "sessions_launched" : "sessions_joined"]++;
    await this.ctx.storage.put("session", opened.sessionId);
    return opened.browser;
  }

  /** `browser`'s pages for one job: the job is counted once it has its page. */
  private pagesOf(browser: Browser): PageLender {
    const pages = this.idle.lend(browser, (opener) => this.openPage(opener));
    return {
      take: async () => {
        const prepared = await pages.take();
        this.counters.jobs++;
        return prepared;
      },
      giveBack: pages.giveBack,
    };
  }

  /** A new page of `browser`, when none of its idle ones can take the job. */
  private openPage(browser: Browser): Promise<PageLike> {
    this.counters.pages_opened++;
    return browser.newPage() as unknown as Promise<PageLike>;
  }
}
