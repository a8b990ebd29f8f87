// The backend's page images (POST /page-image), drawn in one side thread (page-image-worker.ts).
import { JobFailure } from "@folio/render-page/job-failure";
import type { PageImage } from "./page-image.ts";
import { SideThread } from "./side-thread.ts";

export type PageImageThread = SideThread<Uint8Array, PageImage, Record<string, never>>;

/** The most drawing one page may take; the Worker gives up on an answer at 30 s (src/render/chromium/page-image.ts). */
const DRAWING_LIMIT_MS = 20_000;

export function pageImageThread(): PageImageThread {
  return new SideThread(
    new URL("./page-image-worker.ts", import.meta.url),
    (why) =>
      new JobFailure("render_failed", `Drawing the page stopped (${why}); retry.`, {
        stage: "page_image",
        reason: "drawing_stopped",
        retryable: true,
        transient: true,
      }),
    DRAWING_LIMIT_MS,
  );
}
