// One render: the document served from a fake https origin under a strict CSP, every sub-request
// answered by the safe fetcher (or refused), then printed or screenshotted.
import type { Browser, HTTPRequest, Page, PDFOptions } from "puppeteer-core";
import { pdfPageCount } from "../../src/render/pdf-structure.ts";
import { checkUrl } from "../../src/lib/egress-policy.ts";
import { EgressRefused, safeFetch } from "./safe-fetch.ts";

export const DOCUMENT_URL = "https://document.folio.invalid/";
const MAX_ASSET_BYTES = 15 * 1024 * 1024;

export interface RenderJob {
  html: string;
  format: "pdf" | "png" | "jpg";
  options: Record<string, any>;
  timeout_ms: number;
  allow_private_egress: boolean;
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

function contentSecurityPolicy(allowPrivate: boolean): string {
  const remote = allowPrivate ? "https: http:" : "https:";
  return [`default-src 'none'`, `img-src data: ${remote}`, `font-src data: ${remote}`, `style-src 'unsafe-inline' data: ${remote}`, `script-src 'none'`, `connect-src 'none'`, `frame-src 'none'`, `base-uri 'none'`, `form-action 'none'`].join("; ");
}

function pdfOptions(options: Record<string, any>, timeout: number): PDFOptions {
  const size = options.page_size ?? "A4";
  const margin = options.margin ?? "0";
  const header = options.header_html as string | undefined;
  const footer = options.footer_html as string | undefined;
  return {
    ...(typeof size === "string" ? { format: size.toLowerCase() as PDFOptions["format"] } : { width: size.width, height: size.height }),
    landscape: options.landscape ?? false,
    margin: typeof margin === "string" ? { top: margin, right: margin, bottom: margin, left: margin } : margin,
    printBackground: options.print_background ?? true,
    scale: options.scale ?? 1,
    displayHeaderFooter: header !== undefined || footer !== undefined,
    headerTemplate: header ?? "<span></span>",
    footerTemplate: footer ?? "<span></span>",
    preferCSSPageSize: options.page_size === undefined,
    tagged: false,
    outline: false,
    timeout,
  };
}

async function answer(request: HTTPRequest, job: RenderJob, deadline: number, blocked: Array<{ url: string; reason: string }>): Promise<void> {
  const url = request.url();
  if (url === DOCUMENT_URL) {
    return request.respond({ status: 200, contentType: "text/html; charset=utf-8", headers: { "content-security-policy": contentSecurityPolicy(job.allow_private_egress) }, body: job.html });
  }
  if (url.startsWith("data:")) return request.continue();
  // The document's own origin serves nothing else (Chromium asks it for /favicon.ico).
  if (url.startsWith(DOCUMENT_URL)) return request.respond({ status: 404, contentType: "text/plain", body: "" });
  try {
    const asset = await safeFetch(url, { allowHttp: false, allowPrivate: job.allow_private_egress }, { maxBytes: MAX_ASSET_BYTES, deadline, maxRedirects: 5 });
    return request.respond({ status: asset.status, contentType: asset.contentType, body: asset.body });
  } catch (error) {
    const refused = error instanceof EgressRefused ? error : new EgressRefused(url, (error as Error).message);
    blocked.push({ url: refused.url === url ? url : `${url} (via ${refused.url})`, reason: refused.reason });
    return request.abort("blockedbyclient");
  }
}

/**
 * Some refusals never become requests: Chromium itself will not load file: URLs into an https document,
 * and the CSP stops other schemes. Both only leave a console message, which is turned into asset_blocked.
 */
function refusedByChromium(text: string): { url: string; reason: string } | null {
  const url = /Not allowed to load local resource: (\S+)/.exec(text)?.[1] ?? /(?:Loading|Refused to load) the (?:image|font|stylesheet|media)[^']*'([^']+)'/.exec(text)?.[1];
  if (!url) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase() ?? "unknown";
  return { url, reason: scheme === "http" ? "plain http is not allowed; use https" : `the ${scheme}: scheme is not allowed` };
}

async function produce(page: Page, job: RenderJob, timeout: number): Promise<{ bytes: Uint8Array; pageCount: number }> {
  const o = job.options;
  if (job.format === "pdf") {
    if (o.metadata?.title !== undefined) await page.evaluate((title: string) => void (document.title = title), o.metadata.title);
    const bytes = await page.pdf(pdfOptions(o, timeout));
    return { bytes, pageCount: pdfPageCount(bytes) };
  }
  const bytes = await page.screenshot({
    type: job.format === "jpg" ? "jpeg" : "png",
    fullPage: o.full_page ?? true,
    ...(job.format === "jpg" ? { quality: o.quality ?? 90 } : { omitBackground: o.omit_background ?? false }),
    captureBeyondViewport: true,
  });
  return { bytes, pageCount: 1 };
}

export async function runJob(browser: Browser, job: RenderJob, receivedAt: number): Promise<{ bytes: Uint8Array; pageCount: number }> {
  const deadline = receivedAt + job.timeout_ms;
  const blocked: Array<{ url: string; reason: string }> = [];
  const page = await browser.newPage();
  let timer: NodeJS.Timeout | undefined;
  try {
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new JobFailure("render_failed", `The render did not finish within ${job.timeout_ms} ms.`, { stage: "browser", reason: "timeout", transient: true })), Math.max(0, deadline - Date.now()));
    });
    const work = (async () => {
      const o = job.options;
      await page.setCacheEnabled(false);
      await page.setViewport({ width: o.width ?? 1280, height: o.height ?? 800, deviceScaleFactor: o.device_scale_factor ?? 1 });
      await page.setRequestInterception(true);
      page.on("request", (request) => void answer(request, job, deadline, blocked).catch(() => undefined));
      page.on("console", (message) => {
        const refusal = refusedByChromium(message.text());
        if (refusal) blocked.push(refusal);
      });
      await page.goto(DOCUMENT_URL, { waitUntil: "load", timeout: 0 });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      // Chromium drops some images without a request or a message (URLs with credentials): check what the page holds.
      const images: string[] = await page.evaluate(() => Array.from(document.images, (image) => image.src).filter((src) => src && !src.startsWith("data:")));
      for (const src of images) {
        const verdict = checkUrl(src, { allowHttp: false, allowPrivate: job.allow_private_egress });
        if (!verdict.ok && !blocked.some((b) => b.url === src)) blocked.push({ url: src, reason: verdict.reason });
      }
      if (blocked.length) {
        const first = blocked[0]!;
        throw new JobFailure("asset_blocked", `The asset ${first.url} was refused: ${first.reason}.`, { url: first.url, reason: first.reason, blocked });
      }
      return produce(page, job, 0);
    })();
    return await Promise.race([work, timedOut]);
  } finally {
    clearTimeout(timer);
    await page.close().catch(() => undefined);
  }
}
