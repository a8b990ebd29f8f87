// One warm Chromium shared by every job: a bounded number of pages at once, the rest wait in line.
// The browser is replaced after a set number of jobs (bounding memory growth) or as soon as it dies.
import puppeteer, { type Browser } from "puppeteer-core";
import { PreparedPage, type PageLike } from "../../src/render/chromium/page-job.ts";

export interface PoolOptions {
  executablePath: string;
  maxConcurrent: number;
  recycleAfter: number;
  proxyPort: number;
}

export class BrowserPool {
  private browser: Promise<Browser> | null = null;
  private active = 0;
  private jobsOnBrowser = 0;
  private waiting: Array<() => void> = [];
  /** One page made ready ahead of the next job, with the browser it belongs to. */
  private spare: { browser: Browser; page: Promise<PreparedPage> } | null = null;
  jobsTotal = 0;
  launches = 0;
  private readonly options: PoolOptions;

  constructor(options: PoolOptions) {
    this.options = options;
  }

  get stats() {
    return { active: this.active, queued: this.waiting.length, jobs: this.jobsTotal, launches: this.launches, warm: this.browser !== null };
  }

  private launch(): Promise<Browser> {
    this.launches++;
    this.jobsOnBrowser = 0;
    const launched = puppeteer.launch({
      executablePath: this.options.executablePath,
      headless: true,
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
      void old.then((b) => b.close()).catch(() => undefined);
      void this.warm();
    }
  }

  private prepare(browser: Browser): Promise<PreparedPage> {
    return browser.newPage().then((page) => PreparedPage.prepare(page as unknown as PageLike));
  }

  /**
   * A fresh, prepared page for one job: the spare when it belongs to this browser, and a new spare is
   * started at once, so page creation (the largest fixed cost of a render) overlaps the previous job.
   */
  async page(browser: Browser): Promise<PreparedPage> {
    const spare = this.spare?.browser === browser ? this.spare.page : null;
    this.spare = { browser, page: this.prepare(browser) };
    this.spare.page.catch(() => (this.spare = null));
    return (spare ? await spare.catch(() => null) : null) ?? this.prepare(browser);
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
    if (current) await (await current).close().catch(() => undefined);
  }
}
