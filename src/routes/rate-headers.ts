import type { RateState } from "../errors";

/** Where the caller stands in its rate window, on every answer that counted against it (refusals included). */
export function rateHeaders(rate: RateState): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(rate.limit),
    "X-RateLimit-Remaining": String(rate.remaining),
    "X-RateLimit-Reset": String(rate.resetSeconds),
  };
}
