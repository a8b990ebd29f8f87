import type { AccountRow } from "../../db/schema";
import { ServiceError } from "../../errors";
import type { RateDecision, RateLimiter } from "../../durable-objects/rate-limiter";
import { effectiveLimits, RATE_WINDOW_SECONDS } from "./plans";

export function rateHeaders(decision: RateDecision): Record<string, string> {
  return { "X-RateLimit-Limit": String(decision.limit), "X-RateLimit-Remaining": String(decision.remaining), "X-RateLimit-Reset": String(decision.resetSeconds) };
}

/**
 * The gate in front of every render: a suspended account renders nothing (403), and each API key may start
 * `renders_per_minute` renders a window (429 with Retry-After). A batch asks for one unit per item.
 */
export async function admitRenders(account: AccountRow, limiter: DurableObjectStub<RateLimiter>, units: number): Promise<RateDecision> {
  if (account.status === "suspended") {
    throw new ServiceError("permission_error", "This account is suspended and cannot render. Reads still work; contact support to reactivate it.", { details: { status: "suspended" } });
  }
  const decision = await limiter.take(units, effectiveLimits(account).rendersPerMinute, RATE_WINDOW_SECONDS);
  if (!decision.allowed) {
    throw new ServiceError("rate_limited", `Too many renders started with this API key: the limit is ${decision.limit} a minute. Retry after ${decision.resetSeconds} s.`, {
      details: { limit: decision.limit, window_seconds: RATE_WINDOW_SECONDS, requested: units, retry_after_seconds: decision.resetSeconds },
      headers: { "Retry-After": String(decision.resetSeconds), ...rateHeaders(decision) },
    });
  }
  return decision;
}
