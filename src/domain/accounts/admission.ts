import type { AccountRow } from "../../db/schema";
import type { RateDecision, RateLimiter } from "../../durable-objects/rate-limiter";
import { ServiceError } from "../../errors";
import { effectiveLimits, RATE_WINDOW_SECONDS } from "./plans";

/**
 * Previews have a window of their own per key: the studio previews as the user types, and that must not eat renders.
 */
export const PREVIEWS_PER_MINUTE = 30;

/** A suspended account renders nothing (403); each key may start `limit` of `what` a window (429 with Retry-After). */
async function admit(
  account: AccountRow,
  limiter: DurableObjectStub<RateLimiter>,
  units: number,
  limit: number,
  what: string,
): Promise<RateDecision> {
  if (account.status === "suspended") {
    throw new ServiceError(
      "permission_error",
      "This account is suspended and cannot render. Reads still work; contact support to reactivate it.",
      { details: { status: "suspended" } },
    );
  }
  const decision = await limiter.take(units, limit, RATE_WINDOW_SECONDS);
  if (!decision.allowed) {
    throw new ServiceError(
      "rate_limited",
      `Too many ${what} started with this API key: the limit is ${decision.limit} a minute. Retry ` +
        `after ${decision.resetSeconds} s.`,
      {
        details: {
          limit: decision.limit,
          window_seconds: RATE_WINDOW_SECONDS,
          requested: units,
          retry_after_seconds: decision.resetSeconds,
        },
        retryAfterSeconds: decision.resetSeconds,
        rate: decision,
      },
    );
  }
  return decision;
}

/**
 * `error` with the rate window its request was counted in, when admission passed, so its answer says where the caller
 * stands.
 */
export async function countedIn(error: unknown, admitting: Promise<RateDecision>): Promise<unknown> {
  const rate = await admitting.catch(() => undefined);
  if (rate && error instanceof ServiceError && !error.extra.rate) error.extra.rate = rate;
  return error;
}

/** The gate in front of every render: `renders_per_minute` per key, a batch asking one unit per item. */
export function admitRenders(
  account: AccountRow,
  limiter: DurableObjectStub<RateLimiter>,
  units: number,
): Promise<RateDecision> {
  return admit(account, limiter, units, effectiveLimits(account).rendersPerMinute, "renders");
}

/** The gate in front of every preview: PREVIEWS_PER_MINUTE per key, counted apart from renders. */
export function admitPreview(account: AccountRow, limiter: DurableObjectStub<RateLimiter>): Promise<RateDecision> {
  return admit(account, limiter, 1, PREVIEWS_PER_MINUTE, "previews");
}
