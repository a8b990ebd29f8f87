import { ServiceError } from "../../errors";
import { type PhaseRecorder, UNTIMED } from "../../lib/render-timings";
import type { RenderGatePort, SlotRequest } from "../ports/render-gate";

export type GateStub = RenderGatePort;

export interface CapacitySettings {
  /** Chromium pages one account may hold at once, across the whole service. */
  perAccount: number;
  /** How long a render waits for one of its account's slots before it fails as busy. */
  maxWaitMs: number;
}

/** Hands work the answer does not wait for to the Worker (waitUntil), which keeps it running after the answer. */
export type Background = (work: Promise<unknown>) => void;

/** Past the render's own timeout, the time a slot or a lead is held for the trip to the backend and back. */
const LEASE_MARGIN_MS = 60_000;

function accountBusy(settings: CapacitySettings): ServiceError {
  return new ServiceError(
    "render_failed",
    `This account already has ${settings.perAccount} Chromium renders running, and none finished ` +
      `within ${Math.round(settings.maxWaitMs / 1000)} s. Retry when they are done.`,
    {
      details: {
        stage: "browser",
        reason: "account_busy",
        concurrent_renders: settings.perAccount,
        retryable: true,
        transient: true,
      },
    },
  );
}

/**
 * Lets go of what a render held (a slot, a lead). The answer never waits for it when there is a background
 * to run it in; a failure only logs, as every hold is a lease that runs out on its own.
 */
async function letGo(background: Background | undefined, what: string, work: () => Promise<void>): Promise<void> {
  const done = work().catch((error) =>
    console.warn(
      JSON.stringify({
        level: "warn",
        message: `letting go of ${what} failed; its lease runs out on its own`,
        error: String(error),
      }),
    ),
  );
  if (background) background(done);
  else await done;
}

/**
 * Runs `work` while holding one of the account's Chromium slots. The wait happens here, before the backend,
 * so one account's slow renders queue behind each other and never behind another account's.
 */
export async function withChromiumSlot<T>(
  gate: GateStub,
  ticket: string,
  settings: CapacitySettings,
  timeoutMs: number,
  work: () => Promise<T>,
  timings: PhaseRecorder = UNTIMED,
  background?: Background,
): Promise<T> {
  const granted = await timings.measure("queue", () =>
    gate.acquire(ticket, settings.perAccount, timeoutMs + LEASE_MARGIN_MS, settings.maxWaitMs),
  );
  if (!granted) throw accountBusy(settings);
  try {
    return await work();
  } finally {
    await letGo(background, "a Chromium slot", () => gate.release(ticket));
  }
}

export type Coalesced<T, H> = { produced: T } | { hit: H };

interface CoalesceOptions {
  /** Set for a Chromium render: the leader takes one of the account's slots, held by `ticket`, in the same call. */
  slot?: { ticket: string; settings: CapacitySettings };
  timings?: PhaseRecorder;
  background?: Background;
}

/**
 * One render for identical requests in flight at once: the first leads and renders; the others wait for it
 * and are answered from the cache. When the leader failed (nothing in the cache), a follower renders itself.
 * A Chromium leader enters with its slot in one round trip to the gate (`produce` learns it holds it) and
 * leaves once its answer is recorded, in the background when there is one.
 */
export async function coalesce<T, H>(
  gate: GateStub,
  cacheKey: string,
  timeoutMs: number,
  fromCache: () => Promise<H | undefined>,
  produce: (holdsSlot: boolean) => Promise<T>,
  options: CoalesceOptions = {},
): Promise<Coalesced<T, H>> {
  const slot: SlotRequest | undefined = options.slot && {
    ticket: options.slot.ticket,
    limit: options.slot.settings.perAccount,
    leaseMs: timeoutMs + LEASE_MARGIN_MS,
    maxWaitMs: options.slot.settings.maxWaitMs,
  };
  const enter = () => gate.enter(cacheKey, timeoutMs + 2 * LEASE_MARGIN_MS, timeoutMs + LEASE_MARGIN_MS, slot);
  // Only a wait for a Chromium slot is the `queue` phase; a Satori card never waits for one.
  const role = slot ? await (options.timings ?? UNTIMED).measure("queue", enter) : await enter();
  if (role === "busy") {
    // The gate answers busy only to an entry that asked for a slot.
    if (!options.slot) throw new Error("the render gate answered busy to a render that asked for no slot");
    throw accountBusy(options.slot.settings);
  }
  if (role === "settled") {
    const hit = await fromCache();
    if (hit !== undefined) return { hit };
    return { produced: await produce(false) };
  }
  try {
    return { produced: await produce(slot !== undefined) };
  } finally {
    await letGo(options.background, "a render's lead", () => gate.leave(cacheKey, slot?.ticket));
  }
}
