// One Chromium render, shared by both drivers (the container backend and Browser Rendering): the document
// served from a fake https origin under a strict CSP, every sub-request answered by the caller's safe
// fetcher or refused, then printed or screenshotted. Node runs this file as it is: its imports name their files.
import type { EgressPolicy, UrlVerdict } from "../../lib/egress-policy";
import {
  applyOverride,
  needsDeclaredPage,
  type PageGeometry,
  pageGeometry,
  readDeclaredPage,
} from "./page-geometry.ts";
import { printWithTableOfContents } from "./table-of-contents.ts";

/** Only ever touched inside functions that Puppeteer serializes and runs in the page. */
declare const document: any;

export const DOCUMENT_URL = "https://document.folio.invalid/";

/** The viewport a job gets unless its options say otherwise; launching with it spares a resize per job. */
export const DEFAULT_VIEWPORT = { width: 1280, height: 800, deviceScaleFactor: 1 };

export interface PageJob {
  html: string;
  format: "pdf" | "png" | "jpg";
  options: Record<string, any>;
  timeoutMs: number;
  allowPrivateEgress: boolean;
  /** PDF only: print at most one page past this many (the page ceiling the account can pay for). */
  maxPages?: number;
  /** PNG and JPG only: a preview's mark, laid over the captured pixels (markCapture). */
  markHtml?: string;
}

export class JobFailure extends Error {
  readonly type: "asset_blocked" | "render_failed";
  readonly details: Record<string, unknown>;
  constructor(type: "asset_blocked" | "render_failed", message: string, details: Record<string, unknown>) {
    super(message);
    this.type = type;
    this.details = details;
  }
}

/** A job's failure as it travels back to the Worker: the backend's error body, the Browser Rendering object's return value. */
export interface WireFailure {
  type: "asset_blocked" | "render_failed";
  message: string;
  details: Record<string, unknown>;
}

/**
 * Any error a job ended in, as a WireFailure. One Chromium itself threw (not a JobFailure) is transient
 * when it says the browser or its connection went away: the same job may then succeed on another try.
 */
export function wireFailure(error: unknown): WireFailure {
  if (error instanceof JobFailure) return { type: error.type, message: error.message, details: error.details };
  const message = (error as Error).message ?? String(error);
  return {
    type: "render_failed",
    message: `Chromium failed: ${message}`,
    details: {
      stage: "browser",
      transient: /Target closed|Session closed|Protocol error|disconnected/i.test(message),
      cause: message,
    },
  };
}

/** What the procedure needs from its runtime: the URL policy and a fetcher that throws `{url, reason}` on refusal. */
export interface PageJobDeps {
  checkUrl(raw: string, policy: EgressPolicy): UrlVerdict;
  fetchAsset(url: string, deadline: number): Promise<{ status: number; contentType: string; body: Uint8Array }>;
}

/** The slice of a Puppeteer page both libraries share. */
export interface PageLike {
  setCacheEnabled(enabled: boolean): Promise<void>;
  viewport(): { width: number; height: number; deviceScaleFactor?: number } | null;
  setViewport(viewport: { width: number; height: number; deviceScaleFactor: number }): Promise<void>;
  setRequestInterception(enabled: boolean): Promise<void>;
  on(event: "request", handler: (request: any) => void): unknown;
  on(event: "console", handler: (message: { text(): string }) => void): unknown;
  on(event: "error", handler: (error: Error) => void): unknown;
  goto(url: string, options: { waitUntil: "load"; timeout: number }): Promise<unknown>;
  setContent(html: string, options: { waitUntil: "load"; timeout: number }): Promise<void>;
  url(): string;
  evaluate<T>(fn: (...args: any[]) => T | Promise<T>, ...args: any[]): Promise<T>;
  pdf(options: Record<string, unknown>): Promise<Uint8Array>;
  screenshot(options: Record<string, unknown>): Promise<Uint8Array | string>;
  close(): Promise<void>;
}

function contentSecurityPolicy(allowPrivate: boolean): string {
  const remote = allowPrivate ? "https: http:" : "https:";
  return [
    `default-src 'none'`,
    `img-src data: ${remote}`,
    `font-src data: ${remote}`,
    `style-src 'unsafe-inline' data: ${remote}`,
    `script-src 'none'`,
    `connect-src 'none'`,
    `frame-src 'none'`,
    `base-uri 'none'`,
    `form-action 'none'`,
  ].join("; ");
}

function pdfOptions(
  options: Record<string, any>,
  geometry: PageGeometry,
  maxPages: number | undefined,
): Record<string, unknown> {
  const header = options.header_html as string | undefined;
  const footer = options.footer_html as string | undefined;
  return {
    ...geometry.pdf,
    printBackground: options.print_background ?? true,
    scale: options.scale ?? 1,
    displayHeaderFooter: header !== undefined || footer !== undefined,
    headerTemplate: header ?? "<span></span>",
    footerTemplate: footer ?? "<span></span>",
    // One page past the ceiling is enough to know the document does not fit; Chromium clamps a range past the end.
    ...(maxPages === undefined ? {} : { pageRanges: `1-${maxPages + 1}` }),
    // Chromium builds the structure tree (with /Lang from <html lang>) and the bookmarks from the headings;
    // an outline is made from the structure tree, so it implies tagging.
    tagged: options.tagged === true || options.outline === true,
    outline: options.outline === true,
    timeout: 0,
  };
}

/**
 * Some refusals never become requests: Chromium will not load file: URLs into an https document, and the
 * CSP stops other schemes. Both only leave a console message, which becomes asset_blocked.
 */
function refusedByChromium(text: string): { url: string; reason: string } | null {
  const url =
    /Not allowed to load local resource: (\S+)/.exec(text)?.[1] ??
    /(?:Loading|Refused to load) the (?:image|font|stylesheet|media)[^']*'([^']+)'/.exec(text)?.[1];
  if (!url) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase() ?? "unknown";
  return {
    url,
    reason: scheme === "http" ? "plain http is not allowed; use https" : `the ${scheme}: scheme is not allowed`,
  };
}

/** Why a job is refused, and the URL at fault when there is one. */
type Refusal = { url?: string; reason: string };

interface Assignment {
  job: PageJob;
  deps: PageJobDeps;
  deadline: number;
  blocked: Refusal[];
}

/** What Folio does not render, by the element that asks for it: refused rather than dropped in silence. */
const UNRENDERED: Record<string, string> = {
  iframe: "the document contains an <iframe>: frames are not rendered",
  frame: "the document contains a <frame>: frames are not rendered",
  object: "the document contains an <object>: embedded objects are not rendered",
  embed: "the document contains an <embed>: embedded content is not rendered",
  meta: 'the document contains a <meta http-equiv="refresh">: it navigates away, and only the document itself is rendered',
};

/**
 * Once fonts have settled, the loaded document's image URLs (checked against the policy, since Chromium drops
 * some without a request or a message, like URLs with credentials) and what it holds that is not rendered:
 * frames, objects and embeds (the CSP leaves them empty) and a meta refresh (its navigation is aborted).
 */
async function inspectDocument(
  page: PageLike,
): Promise<{ images: string[]; unrendered: Array<{ tag: string; url: string }> }> {
  return page.evaluate(() =>
    document.fonts.ready.then(() => ({
      images: Array.from(document.images as ArrayLike<{ src: string }>, (image) => image.src).filter(
        (src) => src && !src.startsWith("data:"),
      ),
      unrendered: Array.from(
        document.querySelectorAll("iframe, frame, object, embed, meta[http-equiv]") as ArrayLike<any>,
        (element) => {
          if (element.localName !== "meta")
            return { tag: element.localName, url: element.localName === "object" ? element.data : element.src };
          if (element.httpEquiv.trim().toLowerCase() !== "refresh") return null;
          const target = /url\s*=\s*['"]?([^'"]*)/i.exec(element.content)?.[1]?.trim() ?? "";
          const link = document.createElement("a");
          link.href = target;
          return { tag: "meta", url: target && link.href };
        },
      ).filter((found) => found !== null),
    })),
  );
}

/**
 * A page with interception on and handlers bound, serving one job at a time so a pool can reuse it.
 * Its first job navigates to the document origin, which gives the document its CSP header; later jobs
 * under the same policy rewrite that document in place (`setContent`, about 50 ms cheaper than a
 * navigation), so the CSP stays in force. The page is never let to navigate anywhere else, and a job's
 * document is emptied once the page sits idle (see `emptyAtOnce`): nothing of one job (no script ever runs,
 * the cache is off, responses carry no cookies) is there for the next, and an idle page requests nothing.
 */
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
  assign(job: PageJob, deps: PageJobDeps, deadline: number): Refusal[] {
    this.jobsServed++;
    this.lastDocumentLength = job.html.length;
    this.holdsDocument = true;
    this.current = { job, deps, deadline, blocked: [] };
    return this.current.blocked;
  }

  finish(): void {
    this.current = null;
  }

  /** Loads the job's HTML: in place when the page already holds a document under the same CSP, else by navigating. */
  async load(job: PageJob): Promise<void> {
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

  private async answer(request: any): Promise<void> {
    const url: string = request.url();
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
      const asset = await current.deps.fetchAsset(url, current.deadline);
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

/**
 * Raster output ceilings (docs/rendering.md#raster-ceilings): beyond them Chromium's memory grows into gigabytes, or
 * its GPU process dies.
 */
export const MAX_RASTER_PIXELS = 40_000_000;
export const MAX_RASTER_SIDE = 16_384;

/** Null when an image of `width` x `height` CSS px at `scale` fits the raster ceilings; otherwise why not. */
export function rasterProblem(width: number, height: number, scale: number): string | null {
  const w = Math.ceil(width * scale);
  const h = Math.ceil(height * scale);
  if (w > MAX_RASTER_SIDE || h > MAX_RASTER_SIDE)
    return `${w} x ${h} pixels has a side longer than ${MAX_RASTER_SIDE} pixels`;
  if (w * h > MAX_RASTER_PIXELS)
    return `${w} x ${h} pixels is ${((w * h) / 1e6).toFixed(1)} megapixels, more than ${MAX_RASTER_PIXELS / 1e6}`;
  return null;
}

/** A full-page capture is as large as the laid-out document: measured before Chromium is asked to paint it. */
async function checkFullPageSize(
  page: PageLike,
  viewport: { width: number; height: number; deviceScaleFactor: number },
): Promise<void> {
  const size: { width: number; height: number } = await page.evaluate(() => {
    const root = document.documentElement;
    return {
      width: Math.max(root.scrollWidth, document.body?.scrollWidth ?? 0),
      height: Math.max(root.scrollHeight, document.body?.scrollHeight ?? 0),
    };
  });
  const width = Math.max(viewport.width, size.width);
  const height = Math.max(viewport.height, size.height);
  const problem = rasterProblem(width, height, viewport.deviceScaleFactor);
  if (problem) {
    throw new JobFailure(
      "render_failed",
      `The full-page image would be ${problem}. Set full_page to false, or make the document or device_scale_factor smaller.`,
      {
        stage: "layout",
        reason: "raster_too_large",
        max_pixels: MAX_RASTER_PIXELS,
        max_side: MAX_RASTER_SIDE,
        width: Math.ceil(width * viewport.deviceScaleFactor),
        height: Math.ceil(height * viewport.deviceScaleFactor),
        retryable: false,
      },
    );
  }
}

async function produce(
  page: PageLike,
  job: PageJob,
  viewport: { width: number; height: number; deviceScaleFactor: number },
): Promise<Uint8Array> {
  const o = job.options;
  if (job.format === "pdf") {
    if (o.metadata?.title !== undefined)
      await page.evaluate((title: string) => {
        document.title = title;
      }, o.metadata.title);
    const geometry = pageGeometry(o, needsDeclaredPage(o) ? await readDeclaredPage(page) : null);
    if (geometry.overrideCss) await applyOverride(page, geometry.overrideCss);
    const print = () => page.pdf(pdfOptions(o, geometry, job.maxPages));
    return o.toc === true ? printWithTableOfContents(page, print) : print();
  }
  if (o.full_page ?? true) await checkFullPageSize(page, viewport);
  const shot = await page.screenshot({
    type: job.format === "jpg" ? "jpeg" : "png",
    fullPage: o.full_page ?? true,
    ...(job.format === "jpg" ? { quality: o.quality ?? 90 } : { omitBackground: o.omit_background ?? false }),
    captureBeyondViewport: true,
    // Chromium's fast PNG encoding (a lighter zlib setting): larger files, a quicker answer.
    optimizeForSpeed: true,
  });
  const bytes = typeof shot === "string" ? Uint8Array.from(atob(shot), (c) => c.charCodeAt(0)) : shot;
  return job.markHtml === undefined ? bytes : markCapture(page, bytes, job, job.markHtml);
}

/** Width and height in pixels, from a PNG's IHDR or a JPEG's first frame header. */
function capturedSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes[0] === 0x89) return { width: view.getUint32(16), height: view.getUint32(20) };
  for (let at = 2; at + 9 < bytes.length; at += 2 + view.getUint16(at + 2)) {
    if (bytes[at + 1]! >= 0xc0 && bytes[at + 1]! <= 0xc3)
      return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
  }
  throw new Error("the capture is neither a PNG nor a JPEG");
}

/**
 * Lays a preview's mark over what was captured: the page, done with the template's document, shows only those
 * pixels with the mark above them and is captured again at the same size, so nothing in the template (markup,
 * comments, CSS) can hide or remove the mark (README, "Previews").
 */
async function markCapture(page: PageLike, shot: Uint8Array, job: PageJob, markHtml: string): Promise<Uint8Array> {
  const { width, height } = capturedSize(shot);
  await page.setViewport({ width, height, deviceScaleFactor: 1 });
  let binary = "";
  for (let i = 0; i < shot.length; i += 0x8000) binary += String.fromCharCode(...shot.subarray(i, i + 0x8000));
  const image = `<img alt="" src="data:image/${job.format === "jpg" ? "jpeg" : "png"};base64,${btoa(binary)}" style="display:block;width:${width}px;height:${height}px">`;
  await page.setContent(
    `<!doctype html><html><body style="margin:0;background:transparent">${image}${markHtml}</body></html>`,
    { waitUntil: "load", timeout: job.timeoutMs },
  );
  const marked = await page.screenshot({
    type: job.format === "jpg" ? "jpeg" : "png",
    clip: { x: 0, y: 0, width, height },
    ...(job.format === "jpg" ? { quality: job.options.quality ?? 90 } : { omitBackground: true }),
    optimizeForSpeed: true,
  });
  return typeof marked === "string" ? Uint8Array.from(atob(marked), (c) => c.charCodeAt(0)) : marked;
}

/**
 * Renders `job` on a prepared page within its `timeoutMs`, counted from now: the job has its page, so time
 * spent waiting for one is never charged to it. `stopped` ends it early when it rejects (the render
 * backend's memory ceiling). The caller owns the page afterwards.
 */
export async function renderPrepared(
  prepared: PreparedPage,
  job: PageJob,
  deps: PageJobDeps,
  stopped?: Promise<never>,
): Promise<Uint8Array> {
  const { page } = prepared;
  const deadline = Date.now() + job.timeoutMs;
  const policy = { allowHttp: false, allowPrivate: job.allowPrivateEgress };
  const blocked = prepared.assign(job, deps, deadline);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    // Not transient: the same document would most likely run out of time again, so a queued render is not
    // redelivered to hold a page for that long once more. The caller may still retry, changed or not.
    timer = setTimeout(
      () =>
        reject(
          new JobFailure(
            "render_failed",
            `The render did not finish within ${job.timeoutMs} ms. A long document can need more: raise timeout_ms if it is below its maximum of 30000, or split the document into several renders.`,
            { stage: "browser", reason: "timeout", timeout_ms: job.timeoutMs, retryable: true },
          ),
        ),
      job.timeoutMs,
    );
  });
  const work = (async () => {
    const o = job.options;
    const wanted = {
      width: o.width ?? DEFAULT_VIEWPORT.width,
      height: o.height ?? DEFAULT_VIEWPORT.height,
      deviceScaleFactor: o.device_scale_factor ?? DEFAULT_VIEWPORT.deviceScaleFactor,
    };
    const current = page.viewport();
    // A resize costs a layout round trip in the renderer (~25 ms): only when the page is not already there.
    if (
      !current ||
      current.width !== wanted.width ||
      current.height !== wanted.height ||
      (current.deviceScaleFactor ?? 1) !== wanted.deviceScaleFactor
    )
      await page.setViewport(wanted);
    await prepared.load(job);
    const { images, unrendered } = await inspectDocument(page);
    for (const src of images) {
      const verdict = deps.checkUrl(src, policy);
      if (!verdict.ok && !blocked.some((b) => b.url === src)) blocked.push({ url: src, reason: verdict.reason });
    }
    // The element is named first: it says more than the navigation or request it caused.
    blocked.unshift(...unrendered.map(({ tag, url }) => ({ ...(url ? { url } : {}), reason: UNRENDERED[tag]! })));
    if (blocked.length) {
      const first = blocked[0]!;
      const message = first.url
        ? `The asset ${first.url} was refused: ${first.reason}.`
        : `The document was refused: ${first.reason}.`;
      throw new JobFailure("asset_blocked", message, { ...first, blocked });
    }
    return produce(page, job, wanted);
  })();
  try {
    return await Promise.race([work, timedOut, ...(stopped ? [stopped] : [])]);
  } finally {
    clearTimeout(timer);
    prepared.finish();
  }
}

/**
 * Whether a page is idle and sound after its job failed with `error`: a refused asset or an oversized layout
 * is found once the load has settled; anything else (a timeout, a browser error) may leave it busy.
 */
export function pageReusableAfter(error: unknown): boolean {
  return error instanceof JobFailure && (error.type === "asset_blocked" || error.details.stage === "layout");
}
