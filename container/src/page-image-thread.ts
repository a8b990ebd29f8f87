// The backend's page images (POST /page-image), drawn in one side thread (page-image-worker.ts), taking turns
// between accounts like the e-invoice checks (@folio/render-page/side-seats).
import { SIDE_WORK_LIMIT_MS, sideSeats } from "@folio/render-page/side-seats";
import type { PageImage } from "./page-image.ts";
import { SideThread, type SideWork } from "./side-thread.ts";

/** Draws a PDF's first page as a PNG. */
export type PageImageThread = SideWork<Uint8Array, PageImage, Record<string, never>>;

export function pageImageThread(): PageImageThread {
  const thread = new SideThread<Uint8Array, PageImage, Record<string, never>>({
    script: new URL("./page-image-worker.ts", import.meta.url),
    work: "Drawing the page",
    details: { stage: "page_image", reason: "drawing_stopped" },
    timeLimitMs: SIDE_WORK_LIMIT_MS,
  });
  const seats = sideSeats("Drawing the page", "page_image");
  return {
    get ready() {
      return thread.ready;
    },
    ask: (pdf, seat) => seats.run(seat.accountId, seat.share, () => thread.ask(pdf)),
    get stats() {
      return seats.stats;
    },
    terminate: () => thread.terminate(),
    close: () => thread.close(),
  };
}
