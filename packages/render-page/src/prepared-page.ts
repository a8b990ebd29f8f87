// A page with interception on and handlers bound, serving one job at a time so a pool can reuse it.
// Its first job navigates to the document origin, which gives the document its CSP header; later jobs
// under the same policy rewrite that document in place (`setContent`, about 50 ms cheaper than a
// navigation), so the CSP stays in force. The page is never let to navigate anywhere else, and a job's
// document is emptied once the page sits idle (see `emptyAtOnce`): nothing of one job (no script ever runs,
// the cache is off, responses carry no cookies) is there for the next, and an idle page requests nothing.
import { contentSecurityPolicy, DOCUMENT_URL, type Refusal, refusedByChromium } from "./document-guard.ts";
import type { InPageDocument } from "./in-page-dom.ts";
import type { RenderJob } from "./job-contract.ts";
import type { InterceptedRequest, PageLike } from "./page-like.ts";

/** Only ever touched inside functions that Puppeteer serializes and runs in the page. */
declare const document: InPageDocument;

/** How the caller's runtime fetches an asset for the page: throws `{url, reason}` when it refuses one. */
export type AssetFetch = (
  url: string,
  deadline: number,
) => Promise<{ status: number; contentType: string; body: Uint8Array }>;

interface Assignment {
  job: RenderJob;
  fetchAsset: AssetFetch;
  deadline: number;
  blocked: Refusal[];
}

/** Where a job's page comes from and goes back to (IdlePages, bound to one browser): what runOnPage runs a job on. */
export interface PageLender {
  take(): Promise<PreparedPage>;
  /** `healthy`: the page is idle and sound, and may serve another job. */
  giveBack(prepared: PreparedPage, healthy: boolean): Promise<void>;
}

/** Past this much HTML a page empties its document as soon as the job ends, not when it next sits idle. */
const LARGE_DOCUMENT_CHARS = 64 * 1024;
/** A reused page empties its document and collects its garbage at least once per this many jobs. */
const EMPTY_EVERY_JOBS = 8;

export class PreparedPage {
  readonly page: PageLike;
  private current: Assignment | null = null;
  /** The CSP the loaded document was served with; null until the first navigation. */
  private documentPolicy: string | null = null;
  /** Set while load() navigates: the one navigation the page is answered for. */
  private awaitingDocument = false;
  jobsServed = 0;
  private lastDocumentLength = 0;
  /** Set from a job's start until clear() has emptied its document. */
  holdsDocument = false;
  /** Set when the page's renderer crashed: the page can serve nothing more. */
  crashed = false;

  constructor(page: PageLike) {
    this.page = page;
  }

  static async prepare(page: PageLike): Promise<PreparedPage> {
    const prepared = new PreparedPage(page);
    await page.setCacheEnabled(false);
    await page.setRequestInterception(true);
    page.on("request", (request) => void prepared.answer(request).catch(() => undefined));
    page.on("console", (message) => {
      const refusal = refusedByChromium(message.text());
      if (refusal) prepared.current?.blocked.push(refusal);
    });
    page.on("error", () => (prepared.crashed = true));
    return prepared;
  }

  /**
   * Whether the document the last job left must be emptied before the page serves again, rather than
   * when the page next sits idle: after a large document (its memory is the point of emptying it) and
   * every few jobs, so garbage never builds up under steady load. Otherwise the next job's document
   * simply replaces it; emptying after every job cost a fifth of the backend's throughput at four pages.
   */
  emptyAtOnce(): boolean {
    return this.lastDocumentLength > LARGE_DOCUMENT_CHARS || this.jobsServed % EMPTY_EVERY_JOBS === 0;
  }

  /** Starts serving `job`; the returned list collects the assets refused while it renders. */
  assign(job: RenderJob, fetchAsset: AssetFetch, deadline: number): Refusal[] {
    this.jobsServed++;
    this.lastDocumentLength = job.html.length;
    this.holdsDocument = true;
    this.current = { job, fetchAsset, deadline, blocked: [] };
    return this.current.blocked;
  }

  finish(): void {
    this.current = null;
  }

  /** Loads the job's HTML: in place when the page already holds a document under the same CSP, else by navigating. */
  async load(job: RenderJob): Promise<void> {
    const policy = contentSecurityPolicy(job.allowPrivateEgress);
    if (this.documentPolicy === policy && this.page.url() === DOCUMENT_URL) {
      await this.page.setContent(job.html, { waitUntil: "load", timeout: 0 });
      return;
    }
    this.documentPolicy = null;
    this.awaitingDocument = true;
    await this.page.goto(DOCUMENT_URL, { waitUntil: "load", timeout: 0 });
    this.documentPolicy = policy;
  }

  /**
   * Empties the document after a job, so an idle page holds and loads nothing, then collects the garbage
   * when the browser exposes `gc` (the render backend launches it so). No script runs in these documents, so
   * V8 seldom collects on its own: a reused renderer grew ~40 MB per 100 jobs without this, and stays flat with it.
   */
  async clear(): Promise<void> {
    await this.page.evaluate(() => {
      document.open();
      document.close();
      const collect = (globalThis as { gc?: () => void }).gc;
      if (collect) collect();
    });
    this.holdsDocument = false;
  }

  private async answer(request: InterceptedRequest): Promise<void> {
    const url = request.url();
    const current = this.current;
    if (!current) return request.abort("blockedbyclient");
    // The page navigates once, to its own document, when load() asks: any other navigation (a meta refresh,
    // even one to the document itself) is refused. Aborted (not blocked), it leaves the document in place.
    if (request.isNavigationRequest()) {
      if (url === DOCUMENT_URL && this.awaitingDocument) {
        this.awaitingDocument = false;
        return request.respond({
          status: 200,
          contentType: "text/html; charset=utf-8",
          headers: { "content-security-policy": contentSecurityPolicy(current.job.allowPrivateEgress) },
          body: current.job.html,
        });
      }
      current.blocked.push({ url, reason: "the document navigates away, and only the document itself is rendered" });
      return request.abort("aborted");
    }
    if (url.startsWith("data:")) return request.continue();
    // The document's own origin serves nothing else (Chromium asks it for /favicon.ico).
    if (url.startsWith(DOCUMENT_URL)) return request.respond({ status: 404, contentType: "text/plain", body: "" });
    try {
      const asset = await current.fetchAsset(url, current.deadline);
      return request.respond({ status: asset.status, contentType: asset.contentType, body: asset.body });
    } catch (error) {
      const refusal = error as { url?: string; reason?: string; message?: string };
      current.blocked.push({
        url: refusal.url && refusal.url !== url ? `${url} (via ${refusal.url})` : url,
        reason: refusal.reason ?? refusal.message ?? "could not be fetched",
      });
      return request.abort("blockedbyclient");
    }
  }
}
