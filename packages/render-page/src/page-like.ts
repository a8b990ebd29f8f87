// The slice of a Puppeteer page that both puppeteer-core (the render backend) and @cloudflare/puppeteer
// (Browser Rendering) provide: everything in this package drives a page through it alone.

export interface PageLike {
  setCacheEnabled(enabled: boolean): Promise<void>;
  viewport(): { width: number; height: number; deviceScaleFactor?: number } | null;
  setViewport(viewport: Viewport): Promise<void>;
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

/** A page's size in CSS px and its device pixels per CSS px. */
export interface Viewport {
  width: number;
  height: number;
  deviceScaleFactor: number;
}
