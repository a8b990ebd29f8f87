import type { Database } from "../../db/client";
import type { RateLimiter } from "../../durable-objects/rate-limiter";
import { ServiceError } from "../../errors";
import { createAccount } from "./create-account";
import { TRIAL_RENDERS } from "./plans";

/** Keyless trials a client address may start in an hour, whether through the agent server or the studio. */
export const TRIAL_STARTS_PER_HOUR = 5;
const HOUR_SECONDS = 3600;

/** The limiter that counts one client address's trial starts: shared by every way in. */
export function trialLimiter(limiters: DurableObjectNamespace<RateLimiter>, clientAddress: string): DurableObjectStub<RateLimiter> {
  return limiters.get(limiters.idFromName(`trial-mint:${clientAddress}`));
}

/** A new 50-render trial account and its key, unless this address has started TRIAL_STARTS_PER_HOUR this hour (429). */
export async function startTrial(db: Database, limiter: DurableObjectStub<RateLimiter>, now: string) {
  const decision = await limiter.take(1, TRIAL_STARTS_PER_HOUR, HOUR_SECONDS);
  if (!decision.allowed) {
    throw new ServiceError("rate_limited", `Too many trials were started from this address; retry in ${decision.resetSeconds} s, or use the API key you already have.`, {
      details: { limit: TRIAL_STARTS_PER_HOUR, window_seconds: HOUR_SECONDS, retry_after_seconds: decision.resetSeconds },
      headers: { "Retry-After": String(decision.resetSeconds) },
    });
  }
  return createAccount(db, { name: `Trial (${TRIAL_RENDERS} renders)`, trial: true }, now);
}
