// What the domain asks of a rate window (one Durable Object per key and window, src/durable-objects/rate-limiter.ts):
// the domain names the calls it makes, the object implements them.

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window frees a unit again (Retry-After when refused). */
  resetSeconds: number;
  /** When the window counted in started (ms): what `giveBack` names. */
  windowStartedAt: number;
}

export interface RateLimiterPort {
  /** Takes `units` of `limit` in a window of `windowSeconds`, all or none. */
  take(units: number, limit: number, windowSeconds: number): Promise<RateDecision>;
  /** Gives back units taken in the window that started at `windowStartedAt` (nothing if it has moved on). */
  giveBack(units: number, windowStartedAt: number): Promise<void>;
}
