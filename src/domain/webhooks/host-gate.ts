import { ServiceError } from "../../errors";
import type { Services } from "../../services";
import type { HostGate } from "./deliver-attempt";

/**
 * Deliveries of every kind (scheduled attempts, resends, test events) to one host, for the whole deployment
 * (docs/webhooks.md#limits): however many accounts name a host, it gets at most this many signed POSTs a minute.
 */
export const DELIVERIES_PER_HOST_PER_MINUTE = 60;
const WINDOW_SECONDS = 60;

/** The host's window: a slot taken, or the seconds until one frees. */
export function hostGate(services: Pick<Services, "webhookHost">): HostGate {
  return async (host) => {
    const decision = await services.webhookHost(host).take(1, DELIVERIES_PER_HOST_PER_MINUTE, WINDOW_SECONDS);
    return decision.allowed ? null : decision.resetSeconds;
  };
}

/** The 429 of a test event or resend the host's window holds back. */
export function hostBusy(host: string, retryAfterSeconds: number): ServiceError {
  return new ServiceError(
    "rate_limited",
    `${host} already got ${DELIVERIES_PER_HOST_PER_MINUTE} webhook deliveries this minute, from every account ` +
      `together. Retry after ${retryAfterSeconds} s.`,
    {
      details: {
        limit_name: "webhook_host_per_minute",
        limit: DELIVERIES_PER_HOST_PER_MINUTE,
        window_seconds: WINDOW_SECONDS,
        host,
        retry_after_seconds: retryAfterSeconds,
      },
      retryAfterSeconds,
    },
  );
}
