// What the domain asks of an account's render gate (src/durable-objects/render-gate.ts): its Chromium slots and its
// renders in flight by cache key (docs/limits.md#fair-share).

/** One of the account's Chromium slots, asked for on entering: held by `ticket` for `leaseMs` once granted. */
export interface SlotRequest {
  ticket: string;
  limit: number;
  leaseMs: number;
  maxWaitMs: number;
}

export interface RenderGatePort {
  acquire(ticket: string, limit: number, leaseMs: number, maxWaitMs: number): Promise<boolean>;
  release(ticket: string): Promise<void>;
  enter(cacheKey: string, leaseMs: number, maxWaitMs: number, slot?: SlotRequest): Promise<"lead" | "settled" | "busy">;
  leave(cacheKey: string, ticket?: string): Promise<void>;
}

/** A breaker's memory: failures of what a gate guards, by when they happened (docs/limits.md#time-stamps). */
export interface FailureLogPort {
  noteFailure(windowMs: number): Promise<void>;
  failuresWithin(windowMs: number): Promise<number>;
}
