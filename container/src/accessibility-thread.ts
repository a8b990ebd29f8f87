// The backend's accessibility work (POST /accessibility): a `pdfua` render's PDF mended and checked in one side thread
// (accessibility-worker.ts), off the event loop that drives Chromium, taking turns between accounts like the
// e-invoice checks (@folio/render-page/side-seats).

import type { Normalization } from "@folio/render-page/pdf-normalize";
import type { AccessibilityResult } from "@folio/render-page/pdfua/accessibility-job";
import type { PdfUaMendOptions } from "@folio/render-page/pdfua/mend";
import { SIDE_WORK_LIMIT_MS, sideSeats } from "@folio/render-page/side-seats";
import { SideThread, type SideWork } from "./side-thread.ts";

export interface AccessibilityInput {
  pdf: Uint8Array;
  options: PdfUaMendOptions;
  /** A printed file to normalize as it is read, as the Worker's finish would (accessible-print.ts): off the thread driving Chromium. */
  normalize?: Normalization;
}

export type AccessibilityThread = SideWork<AccessibilityInput, AccessibilityResult, Record<string, never>>;

const WORK = "The accessibility check";

export function accessibilityThread(): AccessibilityThread {
  const thread = new SideThread<AccessibilityInput, AccessibilityResult, Record<string, never>>({
    script: new URL("./accessibility-worker.ts", import.meta.url),
    work: WORK,
    details: { stage: "accessibility", reason: "check_stopped" },
    timeLimitMs: SIDE_WORK_LIMIT_MS,
  });
  const seats = sideSeats(WORK, "accessibility");
  return {
    get ready() {
      return thread.ready;
    },
    // The PDF's buffer moves to the thread rather than being copied.
    ask: (input, seat) =>
      seats.run(seat.accountId, seat.share, () => thread.ask(input, [input.pdf.buffer as ArrayBuffer])),
    get stats() {
      return seats.stats;
    },
    terminate: () => thread.terminate(),
    close: () => thread.close(),
  };
}
