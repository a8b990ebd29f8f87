// B-T's time-stamps, bounded (docs/limits.md#time-stamps): at most 8 calls at once to the authority for the whole
// deployment and 2 per account, each slot a lease in a render gate object of its own; and a breaker, so that an
// authority that failed 5 times within a minute is not called again until the minute has passed.
import type { EgressPolicy } from "@folio/render-page/egress-policy";
import type { Clock } from "../../lib/clock";
import type { Config } from "../../lib/config";
import { requestTimeStamp } from "../../render/pdf/signing/time-stamp-client";
import { timeStampFailed } from "../../render/pdf/signing/time-stamp-token";
import type { FailureLogPort, RenderGatePort } from "../ports/render-gate";
import type { TimeStamp, TimeStampAsk, TimeStampsPort } from "../ports/time-stamps";

export const TIME_STAMP_CALLS = { deployment: 8, account: 2 } as const;
export const BREAKER = { failures: 5, windowMs: 60_000 } as const;
/** A slot's lease: the call's 5 s and its checks, with room; a Worker that dies frees it by then. */
const SLOT_LEASE_MS = 15_000;
/** How long a call waits for a slot before its render fails (retryable): a few calls' worth. */
const SLOT_WAIT_MS = 20_000;

export interface TimeStampDeps {
  /** SIGN_TSA_URL (a deployment without one has no time-stamps: services.timeStamps is null). */
  url: string;
  egress: EgressPolicy;
  /** The render gate object of that name: the authority's slots and breaker, and each account's slots. */
  gate(name: string): RenderGatePort & FailureLogPort;
  clock: Clock;
}

const busy = () =>
  timeStampFailed(`the time-stamp authority's calls stayed busy for ${SLOT_WAIT_MS / 1000} s (try again shortly)`);

/** Holds one of `gate`'s `limit` slots while `work` runs. */
async function holdingSlot<T>(gate: RenderGatePort, limit: number, work: () => Promise<T>): Promise<T> {
  const ticket = crypto.randomUUID();
  if (!(await gate.acquire(ticket, limit, SLOT_LEASE_MS, SLOT_WAIT_MS))) throw busy();
  try {
    return await work();
  } finally {
    await gate.release(ticket);
  }
}

async function stamp(deps: TimeStampDeps, url: string, ask: TimeStampAsk): Promise<TimeStamp> {
  // Named by the URL: a new authority starts with a closed breaker.
  const authority = deps.gate(`time-stamps:${url}`);
  const tripped = async () => (await authority.failuresWithin(BREAKER.windowMs)) >= BREAKER.failures;
  const open = () =>
    timeStampFailed("the time-stamp authority failed 5 times within the last minute, so Folio is not calling it");
  if (await tripped()) throw open();
  // The account's slot first: an account waiting for its own calls never holds one of the deployment's.
  return holdingSlot(deps.gate(`time-stamps:${url}:${ask.accountId}`), TIME_STAMP_CALLS.account, () =>
    holdingSlot(authority, TIME_STAMP_CALLS.deployment, async () => {
      // Failures noted while this call waited may have opened the breaker meanwhile.
      if (await tripped()) throw open();
      try {
        return await requestTimeStamp(url, deps.egress, ask.signature, ask.digest, () => deps.clock.now());
      } catch (error) {
        await authority.noteFailure(BREAKER.windowMs);
        throw error;
      }
    }),
  );
}

/**
 * Where the authority may be: http or https on their own ports (the token is signed, so plain http exposes nothing),
 * public addresses only in production; elsewhere loopback too, where `npm run dev` runs its development authority.
 */
export function timeStampEgress(settings: Config): EgressPolicy {
  return {
    allowHttp: true,
    allowPrivate: settings.allowPrivateEgress,
    ...(settings.production ? {} : { loopback: { exceptPorts: [] } }),
  };
}

/** The deployment's time-stamps (services.timeStamps). */
export function timeStamps(deps: TimeStampDeps): TimeStampsPort {
  return {
    stamp: (ask) => stamp(deps, deps.url, ask),
  };
}
