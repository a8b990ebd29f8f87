// A ceiling on the memory of the whole render backend. A long PDF grows Chromium by megabytes a page (the
// bench saw 8 GiB for 1000 invoice pages, past the container's 6 GiB): without a ceiling the kernel kills
// Chromium, and every account's renders on the instance fail with it. Past the ceiling the largest document
// in flight is stopped with a clear error; the others go on.
import { JobFailure } from "@folio/render-page/job-failure";

interface Watched {
  /** The document's size in characters: the largest one is the one stopped. */
  size: number;
  stop(failure: JobFailure): void;
}

/** After stopping a job, how long its page takes to close and give its memory back before another is judged. */
const SETTLE_MS = 2_000;

export class MemoryWatch {
  private readonly running = new Set<Watched>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private quietUntil = 0;

  private readonly limitBytes: number;
  /** Bytes in use now; null where it cannot be known (no /proc), and then nothing is ever stopped. */
  private readonly measure: () => number | null;
  private readonly everyMs: number;

  constructor(limitBytes: number, measure: () => number | null, everyMs = 250) {
    this.limitBytes = limitBytes;
    this.measure = measure;
    this.everyMs = everyMs;
  }

  /** Watches one job while it runs: `stopped` rejects if it is the one stopped; call `end` when it is over. */
  watch(size: number): { stopped: Promise<never>; end(): void } {
    let watched!: Watched;
    const stopped = new Promise<never>((_, reject) => {
      watched = { size, stop: reject };
    });
    stopped.catch(() => undefined);
    this.running.add(watched);
    this.timer ??= setInterval(() => this.check(), this.everyMs);
    return {
      stopped,
      end: () => {
        this.running.delete(watched);
        if (this.running.size === 0 && this.timer) {
          clearInterval(this.timer);
          this.timer = null;
        }
      },
    };
  }

  private check(): void {
    if (Date.now() < this.quietUntil || this.running.size === 0) return;
    const used = this.measure();
    if (used === null || used <= this.limitBytes) return;
    const largest = [...this.running].reduce((a, b) => (b.size > a.size ? b : a));
    this.running.delete(largest);
    this.quietUntil = Date.now() + SETTLE_MS;
    const limitMiB = Math.round(this.limitBytes / 2 ** 20);
    largest.stop(
      new JobFailure(
        "render_failed",
        `The document needed more memory than the renderer allows (${limitMiB} MiB for all the renders it ` +
          `runs at once), so it was stopped. Split it into several renders.`,
        {
          stage: "browser",
          reason: "memory_limit",
          limit_mib: limitMiB,
          retryable: false,
        },
      ),
    );
  }
}
