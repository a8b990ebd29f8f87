// The true Chromium limit on this machine: warm pages reused in-process, each job rewriting the document in
// place (Page.setDocumentContent), waiting for its fonts, then printing or capturing. No HTTP, no storage.
import type { Browser, CDPSession, Page, PDFOptions } from "puppeteer-core";

interface WarmPage {
  page: Page;
  cdp: CDPSession;
  frameId: string;
}

export class TightFloor {
  private readonly idle: WarmPage[];
  private readonly waiting: Array<(page: WarmPage) => void> = [];

  private constructor(pages: WarmPage[]) {
    this.idle = pages;
  }

  /** `count` warm pages, each already holding a document, as a reusing render backend would have. */
  static async open(browser: Browser, count: number): Promise<TightFloor> {
    const pages = await Promise.all(
      Array.from({ length: count }, async () => {
        // A window each, as the backend does: a background tab gets no frames, and its screenshot never comes.
        const page = await browser.newPage({ type: "window" });
        await page.setViewport({ width: 1280, height: 800 });
        await page.setContent("<!doctype html><p>warm</p>");
        const cdp = await page.createCDPSession();
        const { frameTree } = (await cdp.send("Page.getFrameTree")) as { frameTree: { frame: { id: string } } };
        return { page, cdp, frameId: frameTree.frame.id };
      }),
    );
    return new TightFloor(pages);
  }

  private take(): Promise<WarmPage> {
    const page = this.idle.pop();
    return page ? Promise.resolve(page) : new Promise((resolve) => this.waiting.push(resolve));
  }

  private give(page: WarmPage): void {
    const next = this.waiting.shift();
    if (next) next(page);
    else this.idle.push(page);
  }

  /** One job on a free warm page: rewrite, fonts, print (PDF, with `pdf`'s options) or full-page capture (PNG). */
  async render(html: string, format: "pdf" | "png", pdf: PDFOptions = {}): Promise<Uint8Array> {
    const warm = await this.take();
    try {
      await warm.cdp.send("Page.setDocumentContent", { frameId: warm.frameId, html });
      await warm.page.evaluate(() =>
        (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready.then(
          () => 0,
        ),
      );
      if (format === "pdf") return await warm.page.pdf({ printBackground: true, preferCSSPageSize: true, ...pdf });
      return await warm.page.screenshot({ type: "png", fullPage: true, optimizeForSpeed: true });
    } finally {
      this.give(warm);
    }
  }
}
