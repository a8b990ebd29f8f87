import type { RenderGate } from "../../durable-objects/render-gate";
import { ServiceError } from "../../errors";
import { UNTIMED, type PhaseRecorder } from "../../lib/render-timings";

export type GateStub = DurableObjectStub<RenderGate>;

export interface CapacitySettings {
  /** Chromium pages one account may hold at once, across the whole service. */
  perAccount: number;
  /** How long a render waits for one of its account's slots before it fails as busy. */
  maxWaitMs: number;
}

/** Past the render's own timeout, the time a slot or a lead is held for the trip to the backend and back. */
const LEASE_MARGIN_MS = 60_000;

/**
 * Runs `work` while holding one of the account's Chromium slots. The wait happens here, before the backend,
 * so one account's slow renders queue behind each other and never behind another account's.
 */
export async function withChromiumSlot<T>(gate: GateStub, ticket: string, settings: CapacitySettings, timeoutMs: number, work: () => Promise<T>, timings: PhaseRecorder = UNTIMED): Promise<T> {
  const granted = await timings.measure("queue", () => gate.acquire(ticket, settings.perAccount, timeoutMs + LEASE_MARGIN_MS, settings.maxWaitMs));
  if (!granted) {
    throw new ServiceError("render_failed", `This account already has ${settings.perAccount} Chromium renders running, and none finished within ${Math.round(settings.maxWaitMs / 1000)} s. Retry when they are done.`, {
      details: { stage: "browser", reason: "account_busy", concurrent_renders: settings.perAccount, retryable: true, transient: true },
    });
  }
  try {
    return await work();
  } finally {
    await gate.release(ticket);
  }
}

export type Coalesced<T, H> = { produced: T } | { hit: H };

/**
 * One render for identical requests in flight at once: the first leads and renders; the others wait for it
 * and are answered from the cache. When the leader failed (nothing in the cache), a follower renders itself.
 */
export async function coalesce<T, H>(gate: GateStub, cacheKey: string, timeoutMs: number, fromCache: () => Promise<H | undefined>, produce: () => Promise<T>): Promise<Coalesced<T, H>> {
  const role = await gate.lead(cacheKey, timeoutMs + 2 * LEASE_MARGIN_MS, timeoutMs + LEASE_MARGIN_MS);
  if (role === "settled") {
    const hit = await fromCache();
    if (hit !== undefined) return { hit };
    return { produced: await produce() };
  }
  try {
    return { produced: await produce() };
  } finally {
    await gate.finish(cacheKey);
  }
}
