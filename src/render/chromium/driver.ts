import type { RenderOptions } from "../../domain/render-options/options-schema";

/** A finished HTML document (Liquid already applied) and what to make of it. */
export interface ChromiumJob {
  html: string;
  format: "pdf" | "png" | "jpg";
  options: RenderOptions;
  /** Counted from the moment the job gets a browser page, not while it waits for one. */
  timeoutMs: number;
  allowPrivateEgress: boolean;
  /** Whose job this is: the render backend takes turns between accounts when its pages are all busy. */
  accountId: string;
  /** PDF only: the print stops one page past this, so a document too long to pay for costs no more work. */
  maxPages?: number;
}

export interface RenderedFile {
  bytes: Uint8Array;
  pageCount: number;
}

/** One interface, two drivers: the container render backend and the Browser Rendering binding. */
export interface ChromiumDriver {
  render(job: ChromiumJob): Promise<RenderedFile>;
  /** "ok", or why the renderer cannot take work. */
  health(): Promise<string>;
}
