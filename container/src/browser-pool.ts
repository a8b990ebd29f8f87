// One warm Chromium shared by every job: a bounded number of pages at once, the rest wait their account's turn.
// Pages are reused from job to job (a renderer process costs more to start and stop than the render
// itself); a page is retired after a set number of jobs or any failure, and the browser is replaced
// after a set number of jobs (bounding memory growth) or as soon as it dies.

import { FairSlots, type SlotLease } from "@folio/render-page/fair-slots";
import { IdlePages } from "@folio/render-page/idle-pages";
import type { SlotShare } from "@folio/render-page/job-contract";
import type { PageLike } from "@folio/render-page/page-like";
import type { PageLender } from "@folio/render-page/prepared-page";
import { DEFAULT_VIEWPORT } from "@folio/render-page/raster-limits";
import puppeteer, { type Browser } from "puppeteer-core";
import { CHROMIUM_BASE_ARGS, type ChromiumBinary } from "./chromium-binary.ts";
import { createQuietProfile, QUIET_FEATURES } from "./chromium-profile.ts";

export interface PoolOptions {
  /** The one Chromium Folio resolves (chromium-binary.ts), with the environment it starts in. */
  chromium: ChromiumBinary;
  /** The environment the backend started in, which Chromium inherits (settings.ts). */
  processEnv: NodeJS.ProcessEnv;
  maxConcurrent: number;
  /** How long a job may wait for a page before it is refused as busy. */
  maxWaitMs: number;
  recycleAfter: number;
  pageReuse: number;
  proxyPort: number;
}

export class BrowserPool {
  private browser: Promise<Browser> | null = null;
  private readonly slots: FairSlots;
  private jobsOnBrowser = 0;
  private readonly idle: IdlePages<Browser>;
  jobsTotal = 0;
  launches = 0;
  /** Why the last launch failed, until one succeeds: /healthz reports it. */
  launchError: string | null = null;
  pagesOpened = 0;
  private readonly options: PoolOptions;

  constructor(options: PoolOptions) {
    this.options = options;
    this.slots = new FairSlots(options.maxConcurrent, options.maxWaitMs);
    this.idle = new IdlePages(options.pageReuse, () => this.browser);
  }

  get stats() {
    return {
      ...this.slots.stats,
      jobs: this.jobsTotal,
      launches: this.launches,
      pages_opened: this.pagesOpened,
      ...this.idle.stats,
      warm: this.browser !== null,
    };
  }

  private launch(): Promise<Browser> {
    this.launches++;
    this.jobsOnBrowser = 0;
    const profile = createQuietProfile();
    const launched = puppeteer.launch({
      executablePath: this.options.chromium.executablePath,
      env: { ...this.options.processEnv, ...this.options.chromium.env },
      headless: true,
      // DevTools over a pipe instead of a WebSocket: Chromium exits as soon as the pipe closes, so it goes
      // down with this process however that ends, SIGKILL included (puppeteer starts it in a process group
      // of its own, which a signal to this process never reaches).
      pipe: true,
      defaultViewport: DEFAULT_VIEWPORT,
      userDataDir: profile.dir,
      args: [
        ...CHROMIUM_BASE_ARGS,
        "--disable-quic",
        "--disable-extensions",
        "--disable-default-apps",
        "--mute-audio",
        "--hide-scrollbars",
        // Lets PreparedPage.clear() collect a reused page's garbage between jobs (templates never run scripts).
        "--js-flags=--expose-gc",
        `--proxy-server=http://127.0.0.1:${this.options.proxyPort}`,
        "--proxy-bypass-list=<-loopback>",
        QUIET_FEATURES,
      ],
    });
    // The profile lives as long as its browser process.
    launched.then((browser) => browser.process()?.once("exit", profile.remove), profile.remove);
    launched.then(
      () => {
        this.launchError = null;
      },
      (error: Error) => {
        this.launchError = error.message.split("\n")[0] ?? String(error);
      },
    );
    const forget = () => {
      if (this.browser === launched) this.browser = null;
    };
    launched.then((browser) => browser.once("disconnected", forget), forget);
    return launched;
  }

  /** Starts the browser ahead of the first job, so the first render pays no launch. */
  warm(): Promise<Browser> {
    this.browser ??= this.launch();
    return this.browser;
  }

  /** Prints one small page start to end: what /healthz needs to have seen before it says the renderer is fine. */
  async printCheck(): Promise<void> {
    const browser = await this.warm();
    const page = await browser.newPage();
    try {
      await page.setContent("<p>Folio 日本語 😀</p>");
      await page.pdf({ width: "100px", height: "100px" });
    } finally {
      await page.close().catch(() => undefined);
    }
  }

  private release(lease: SlotLease, error: unknown): void {
    lease.release({ error });
    if (this.slots.idle && this.jobsOnBrowser >= this.options.recycleAfter && this.browser) {
      const old = this.browser;
      this.browser = null;
      this.idle.forget();
      void old.then((b) => b.close()).catch(() => undefined);
      void this.warm();
    }
  }

  /** `browser`'s pages for one job: an idle one when there is one, else a new one; kept or closed after it. */
  pages(browser: Browser): PageLender {
    return this.idle.lend(browser, (opener) => {
      this.pagesOpened++;
      // A window of its own, not a tab: a reused tab left in the background gets no frames, and a screenshot
      // waits for one (seen as 8 s timeouts once four pages took turns).
      return opener.newPage({ type: "window" }) as unknown as Promise<PageLike>;
    });
  }

  /**
   * Runs `account`'s job with the warm browser once it has a slot (FairSlots' rules for its `share`). The job calls
   * `settled` with its outcome as it answers, and answers it: an error (a timeout, the memory ceiling) counts against
   * the account's share from that moment, not once the page is given back.
   */
  async run<T extends { error?: unknown }>(
    account: string,
    share: SlotShare,
    job: (browser: Browser, settled: (outcome: { error?: unknown }) => void) => Promise<T>,
  ): Promise<T> {
    const lease = await this.slots.acquire(account, share);
    let error: unknown;
    try {
      const browser = await this.warm();
      this.jobsOnBrowser++;
      this.jobsTotal++;
      const outcome = await job(browser, (settledOutcome) => lease.settled(settledOutcome));
      error = outcome.error;
      return outcome;
    } catch (thrown) {
      error = thrown;
      throw thrown;
    } finally {
      this.release(lease, error);
    }
  }

  async close(): Promise<void> {
    const current = this.browser;
    this.browser = null;
    this.idle.forget();
    if (current) await (await current).close().catch(() => undefined);
  }
}
