import { DurableObject } from "cloudflare:workers";
import type { RateDecision, RateLimiterPort } from "../domain/ports/rate-limiter";

interface Window {
  startedAt: number;
  used: number;
}

/**
 * Counts renders started with one API key (one object per key) in a fixed 60-second window. A request
 * for several units (a batch) is admitted whole or not at all. Single-threaded, so counts are exact.
 */
export class RateLimiter extends DurableObject implements RateLimiterPort {
  private window: Window | null = null;

  async take(units: number, limit: number, windowSeconds: number): Promise<RateDecision> {
    const now = Date.now();
    this.window ??= (await this.ctx.storage.get<Window>("window")) ?? null;
    if (!this.window || now - this.window.startedAt >= windowSeconds * 1000) this.window = { startedAt: now, used: 0 };
    const resetSeconds = Math.max(1, Math.ceil((this.window.startedAt + windowSeconds * 1000 - now) / 1000));
    const windowStartedAt = this.window.startedAt;
    if (this.window.used + units > limit)
      return { allowed: false, limit, remaining: Math.max(0, limit - this.window.used), resetSeconds, windowStartedAt };
    this.window.used += units;
    await this.ctx.storage.put("window", this.window);
    return { allowed: true, limit, remaining: limit - this.window.used, resetSeconds, windowStartedAt };
  }

  /**
   * Gives back `units` taken in the window that started at `windowStartedAt`, when another window the request was
   * asked in refused it (a request does no work, so it uses nothing); a window since renewed has nothing to give back.
   */
  async giveBack(units: number, windowStartedAt: number): Promise<void> {
    this.window ??= (await this.ctx.storage.get<Window>("window")) ?? null;
    if (this.window?.startedAt !== windowStartedAt) return;
    this.window.used = Math.max(0, this.window.used - units);
    await this.ctx.storage.put("window", this.window);
  }
}
