// The slice of a Puppeteer page that both puppeteer-core (the render backend) and @cloudflare/puppeteer
// (Browser Rendering) provide: everything in this package drives a page through it alone.

export interface PageLike {
  setCacheEnabled(enabled: boolean): Promise<void>;
  viewport(): { width: number; height: number; deviceScaleFactor?: number } | null;
  setViewport(viewport: Viewport): Promise<void>;
  setRequestInterception(enabled: boolean): Promise<void>;
  on(event: "request", handler: (request: InterceptedRequest) => void): unknown;
  on(event: "console", handler: (message: { text(): string }) => void): unknown;
  on(event: "error", handler: (error: Error) => void): unknown;
  goto(url: string, options: { waitUntil: "load"; timeout: number }): Promise<unknown>;
  setContent(html: string, options: { waitUntil: "load"; timeout: number }): Promise<void>;
  url(): string;
  /** Runs `fn` in the page, with `args` passed through JSON. */
  evaluate<T, Args extends unknown[]>(fn: (...args: Args) => T | Promise<T>, ...args: Args): Promise<T>;
  pdf(options: Record<string, unknown>): Promise<Uint8Array>;
  screenshot(options: Record<string, unknown>): Promise<Uint8Array | string>;
  close(): Promise<void>;
}

/** A request the page made while interception is on: answered exactly once, by one of the three. */
export interface InterceptedRequest {
  url(): string;
  isNavigationRequest(): boolean;
  respond(response: {
    status: number;
    contentType: string;
    headers?: Record<string, string>;
    body: string | Uint8Array;
  }): Promise<void>;
  abort(errorCode: "aborted" | "blockedbyclient"): Promise<void>;
  continue(): Promise<void>;
}

/** A page's size in CSS px and its device pixels per CSS px. */
export interface Viewport {
  width: number;
  height: number;
  deviceScaleFactor: number;
}
