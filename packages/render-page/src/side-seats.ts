// Whose side-thread job runs next in the render backend (docs/limits.md#fair-share): a kind of side work (the
// e-invoice checks, the page images) admits two jobs at a time under the Chromium pages' rules (FairSlots): an
// account holds at most one of the two, and free work (free and trial accounts, previews, validate, saving a
// template) at most one, half. The admitted jobs run in the kind's threads one after the other, so a paying account's
// job waits at most for one job of free work, however many free accounts flood; the rest wait their account's turn,
// their time limits not started. The Worker reads the numbers to know how long an answer may take.
import { FairSlots } from "./fair-slots.ts";
import { JobFailure } from "./job-failure.ts";

/** Jobs of one kind admitted at once: one running in each thread, the next one waiting there. */
export const SIDE_SEATS = 2;

/** The longest a job waits for its turn before it is refused as busy. */
export const SIDE_SEAT_WAIT_MS = 30_000;

/**
 * The most one job may run in its thread, counted from when the thread starts it: a 10-line e-invoice takes about
 * 60 ms to check, a 600-line one 1.5 s, the largest (5 MiB of XML, 4,600 lines) about 12 s; a page draws in well
 * under a second.
 */
export const SIDE_WORK_LIMIT_MS = 20_000;

/** The seats of one kind of side work; a job that waited the longest wait is refused, `work` named "busy". */
export function sideSeats(work: string, stage: string): FairSlots {
  return new FairSlots(
    SIDE_SEATS,
    SIDE_SEAT_WAIT_MS,
    Date.now,
    (seconds) =>
      new JobFailure("render_failed", `${work} waited ${seconds} s for its turn while others ran; retry shortly.`, {
        stage,
        reason: "side_work_busy",
        retryable: true,
        transient: true,
      }),
  );
}
