// The pages a browser keeps between jobs, shared by the render backend's pool (a Node process) and the Browser
// Rendering object (a Durable Object): a page opened for one job serves the next (a renderer process costs more
// to start than the render itself), its last document emptied once it sits idle rather than after every job.
import type { PageLike } from "./page-like.ts";
import { type PageLender, PreparedPage } from "./prepared-page.ts";

/** A hung page can take minutes to close or to empty: whoever waits for it waits this long at most. */
const HUNG_PAGE_WAIT_MS = 5_000;
/** How long a page sits idle holding its last job's document before it is emptied. */
const EMPTY_WHEN_IDLE_MS = 500;

interface IdlePage<B> {
  browser: B;
  prepared: PreparedPage;
  /** Set while the page still holds its last job's document: empties it once the page has sat idle. */
  emptyTimer?: ReturnType<typeof setTimeout>;
  /** Set while that emptying runs; resolves false when it failed (the page is then closed). */
  emptying?: Promise<boolean>;
}

/** A timer that does not keep a Node process alive; workerd's timers have no such notion. */
function backgroundTimer(run: () => void, ms: number): ReturnType<typeof setTimeout> {
  const timer = setTimeout(run, ms);
  (timer as { unref?: () => void }).unref?.();
  return timer;
}

/** `work`'s outcome, or `hung` once a hung page has been waited for long enough. */
async function unlessHung<T>(work: Promise<T>, hung: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<T>((resolve) => (timer = backgroundTimer(() => resolve(hung), HUNG_PAGE_WAIT_MS))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the page's document was emptied; a page that fails or hangs at it is not to be used again. */
function emptied(prepared: PreparedPage): Promise<boolean> {
  return unlessHung(
    prepared.clear().then(
      () => true,
      () => false,
    ),
    false,
  );
}

/** Closes a page, waiting a bounded while: what a hung page leaves behind goes with its browser. */
function closePage(prepared: PreparedPage): Promise<void> {
  return unlessHung(
    prepared.page.close().catch(() => undefined),
    undefined,
  );
}

/** Idle pages of a browser `B`, each kept for at most `pageReuse` jobs while `B` is the owner's `current` browser. */
export class IdlePages<B> {
  private idle: Array<IdlePage<B>> = [];
  private readonly pageReuse: number;
  private readonly current: () => Promise<B> | null;
  /** When false, every page is emptied before it is kept, whatever its document. */
  private readonly keepDocumentsWhileIdle: boolean;

  constructor(pageReuse: number, current: () => Promise<B> | null, keepDocumentsWhileIdle = true) {
    this.pageReuse = pageReuse;
    this.current = current;
    this.keepDocumentsWhileIdle = keepDocumentsWhileIdle;
  }

  get stats() {
    return {
      idle_pages: this.idle.length,
      idle_pages_holding_a_document: this.idle.filter((entry) => entry.prepared.holdsDocument).length,
    };
  }

  /** `browser`'s pages as one job's lender (runOnPage): taken from here or opened with `open`, given back here. */
  lend(browser: B, open: (browser: B) => Promise<PageLike>): PageLender {
    return {
      take: () => this.take(browser, open),
      giveBack: (prepared, healthy) => this.giveBack(browser, prepared, healthy),
    };
  }

  /** An idle, sound page of `browser` when there is one, else a new one from `open`, prepared for jobs. */
  private async take(browser: B, open: (browser: B) => Promise<PageLike>): Promise<PreparedPage> {
    const reused = await this.reusable(browser);
    if (reused) return reused;
    const page = await open(browser);
    return PreparedPage.prepare(page).catch(async (error) => {
      await page.close().catch(() => undefined);
      throw error;
    });
  }

  /** An idle, sound page of `browser`, or undefined when a new one must be opened. */
  private async reusable(browser: B): Promise<PreparedPage | undefined> {
    for (const entry of this.idle) {
      // A crashed page of this browser is closed; another browser's pages go with their browser.
      if (entry.browser === browser && entry.prepared.crashed) void this.drop(entry);
    }
    this.idle = this.idle.filter((entry) => entry.browser === browser && !entry.prepared.crashed);
    const reused = this.idle.pop();
    if (!reused) return undefined;
    clearTimeout(reused.emptyTimer);
    if (!reused.emptying || (await reused.emptying)) return reused.prepared;
    return undefined;
  }

  /**
   * Takes a page back after its job: kept when its job went well and `browser` is still the current one (asked
   * only then: the answer may wait for a browser being launched), else closed. A kept page's document is emptied
   * now when the page says so (a large document, or its turn), else once it has sat idle a moment: under load the
   * next job's document replaces it first, and emptying costs nothing.
   */
  async giveBack(browser: B, prepared: PreparedPage, healthy: boolean): Promise<void> {
    if (
      healthy &&
      !prepared.crashed &&
      prepared.jobsServed < this.pageReuse &&
      browser === (await this.current()?.catch(() => null))
    ) {
      if (this.keepDocumentsWhileIdle && !prepared.emptyAtOnce()) {
        const entry: IdlePage<B> = { browser, prepared };
        entry.emptyTimer = backgroundTimer(() => this.emptyIdle(entry), EMPTY_WHEN_IDLE_MS);
        this.idle.push(entry);
        return;
      }
      if (await emptied(prepared)) {
        this.idle.push({ browser, prepared });
        return;
      }
    }
    await closePage(prepared);
  }

  /** Drops every page: their browser is gone or being replaced, and takes them with it. */
  forget(): void {
    for (const entry of this.idle) clearTimeout(entry.emptyTimer);
    this.idle = [];
  }

  private drop(entry: IdlePage<B>): Promise<void> {
    clearTimeout(entry.emptyTimer);
    return closePage(entry.prepared);
  }

  /** Empties an idle page's document; a page that fails to is closed, whether a job took it meanwhile or not. */
  private emptyIdle(entry: IdlePage<B>): void {
    if (!this.idle.includes(entry)) return;
    entry.emptying = emptied(entry.prepared);
    void entry.emptying.then((ok) => {
      entry.emptying = undefined;
      if (ok) return;
      this.idle = this.idle.filter((other) => other !== entry);
      return this.drop(entry);
    });
  }
}
