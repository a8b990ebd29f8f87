/**
 * Where a render's time went, by phase: `admission` (rate limit and account checks), `queue` (waiting for one
 * of the account's Chromium slots), `template` (Liquid), `render` (Chromium or Satori), `finish` (what a printed file
 * gets after Chromium: normalized, marked, finished, mended and checked for `pdfua` (in `render` when the backend
 * mends it with its print), signed), `store` (R2). The
 * render path records into it without depending on it; the request log and `Server-Timing` read it.
 * In production Workers the clock advances only across I/O, so a phase of pure computation (Liquid) can read 0.
 */
type RenderPhase = "admission" | "queue" | "template" | "render" | "finish" | "store";

export interface PhaseRecorder {
  measure<T>(phase: RenderPhase, work: () => Promise<T>): Promise<T>;
}

/** Records nothing: what the render path uses when nobody asked for its timings (queued renders). */
export const UNTIMED: PhaseRecorder = { measure: (_phase, work) => work() };

export class RenderTimings implements PhaseRecorder {
  private readonly spent = new Map<RenderPhase, number>();

  async measure<T>(phase: RenderPhase, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.spent.set(phase, (this.spent.get(phase) ?? 0) + performance.now() - started);
    }
  }

  /** Milliseconds by phase, rounded to a tenth. */
  toJSON(): Partial<Record<RenderPhase, number>> {
    return Object.fromEntries([...this.spent].map(([phase, ms]) => [phase, Math.round(ms * 10) / 10]));
  }

  /** The `Server-Timing` value, e.g. `admission;dur=2.1, template;dur=0.8, render;dur=95.3`; empty when nothing ran. */
  header(): string {
    return Object.entries(this.toJSON())
      .map(([phase, ms]) => `${phase};dur=${ms}`)
      .join(", ");
  }
}
