// One warm Chromium shared by every job: a bounded number of pages at once, the rest wait in line.
// Pages are reused from job to job (a renderer process costs more to start and stop than the render
// itself); a page is retired after a set number of jobs or any failure, and the browser is replaced
// after a set number of jobs (bounding memory growth) or as soon as it dies.
import puppeteer, { type Browser } from "puppeteer-core";
import { DEFAULT_VIEWPORT, PreparedPage, type PageLike } from "../../src/render/chromium/page-job.ts";

const CLOSE_WAIT_MS = 5_000;

export interface PoolOptions {
  executablePath: string;
  maxConcurrent: number;
  recycleAfter: number;
  pageReuse: number;
  proxyPort: number;
}

export class BrowserPool {
  private browser: Promise<Browser> | null = null;
  private active = 0;
  private jobsOnBrowser = 0;
  private waiting: Array<() => void> = [];
  /** Pages between jobs, with the browser they belong to. */
  private idle: Array<{ browser: Browser; prepared: PreparedPage }> = [];
  jobsTotal = 0;
  launches = 0;
  pagesOpened = 0;
  private readonly options: PoolOptions;

  constructor(options: PoolOptions) {
    this.options = options;
  }

  get stats() {
    return { active: this.active, queued: this.waiting.length, jobs: this.jobsTotal, launches: this.launches, pages_opened: this.pagesOpened, idle_pages: this.idle.length, warm: this.browser !== null };
  }

  private launch(): Promise<Browser> {
    this.launches++;
    this.jobsOnBrowser = 0;
    const launched = puppeteer.launch({
      executablePath: this.options.executablePath,
      headless: true,
      defaultViewport: DEFAULT_VIEWPORT,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--disable-extensions",
        "--disable-default-apps",
        "--mute-audio",
        "--hide-scrollbars",
        "--font-render-hinting=none",
        // Lets PreparedPage.clear() collect a reused page's garbage between jobs (templates never run scripts).
        "--js-flags=--expose-gc",
        `--proxy-server=http://127.0.0.1:${this.options.proxyPort}`,
        "--proxy-bypass-list=<-loopback>",
      ],
    });
    launched.then(
      (browser) => browser.once("disconnected", () => this.browser === launched && (this.browser = null)),
      () => this.browser === launched && (this.browser = null),
    );
    return launched;
  }

  /** Starts the browser ahead of the first job, so the first render pays no launch. */
  warm(): Promise<Browser> {
    this.browser ??= this.launch();
    return this.browser;
  }

  private async slot(): Promise<void> {
    if (this.active < this.options.maxConcurrent) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
    if (this.active === 0 && this.jobsOnBrowser >= this.options.recycleAfter && this.browser) {
      const old = this.browser;
      this.browser = null;
      this.idle = [];
      void old.then((b) => b.close()).catch(() => undefined);
      void this.warm();
    }
  }

  /** A page for one job on `browser`: an idle one when there is one, else a new one. */
  async page(browser: Browser): Promise<PreparedPage> {
    this.idle = this.idle.filter((entry) => entry.browser === browser && !entry.prepared.crashed);
    const reused = this.idle.pop();
    if (reused) return reused.prepared;
    this.pagesOpened++;
    // A window of its own, not a tab: a reused tab left in the background gets no frames, and a screenshot
    // waits for one (seen as 8 s timeouts once four pages took turns).
    const page = await browser.newPage({ type: "window" });
    return PreparedPage.prepare(page as unknown as PageLike).catch(async (error) => {
      await page.close().catch(() => undefined);
      throw error;
    });
  }

  /** Returns a page after its job: kept for the next one when it is known to be idle and sound, else closed. */
  async done(browser: Browser, prepared: PreparedPage, healthy: boolean): Promise<void> {
    if (healthy && !prepared.crashed && browser === (await this.browser?.catch(() => null)) && prepared.jobsServed < this.options.pageReuse) {
      const cleared = await prepared.clear().then(() => true, () => false);
      if (cleared) {
        this.idle.push({ browser, prepared });
        return;
      }
    }
    // A hung page can take minutes to close: the slot is held a bounded while, then the browser's next
    // recycle takes whatever is left.
    await Promise.race([prepared.page.close().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
  }

  /** Runs `job` with the warm browser once a slot is free; a crash mid-job retires that browser. */
  async run<T>(job: (browser: Browser) => Promise<T>): Promise<T> {
    await this.slot();
    try {
      const browser = await this.warm();
      this.jobsOnBrowser++;
      this.jobsTotal++;
      return await job(browser);
    } finally {
      this.release();
    }
  }

  async close(): Promise<void> {
    const current = this.browser;
    this.browser = null;
    this.idle = [];
    if (current) await (await current).close().catch(() => undefined);
  }
}
