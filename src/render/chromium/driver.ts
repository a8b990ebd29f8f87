import type { RenderOptions } from "../../domain/render-options/options-schema";

/** A finished HTML document (Liquid already applied) and what to make of it. */
export interface ChromiumJob {
  html: string;
  format: "pdf" | "png" | "jpg";
  options: RenderOptions;
  timeoutMs: number;
  allowPrivateEgress: boolean;
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
