import type { Database } from "../../db/client";
import { ServiceError } from "../../errors";
import { trialBucket, trialNetwork } from "../../lib/client-address";
import type { RateLimiterPort } from "../ports/rate-limiter";
import { createAccount } from "./create-account";
import { TRIAL_RENDERS } from "./plans";

/**
 * Keyless trials a client address (an IPv6 /64) may start in an hour, whether through the agent server or the studio.
 */
export const TRIAL_STARTS_PER_HOUR = 5;
/** Trials one IPv6 /48 may start in an hour, across all its /64s (docs/limits.md#cost-not-counts). */
export const TRIAL_STARTS_PER_HOUR_PER_NETWORK = 20;
const HOUR_SECONDS = 3600;

/**
 * The counts a trial start must pass: its client's, its IPv6 network's (none for IPv4), and the whole deployment's
 * (whatever addresses come).
 */
export interface TrialLimiters {
  client: RateLimiterPort;
  network: RateLimiterPort | null;
  deployment: RateLimiterPort;
  deploymentPerHour: number;
}

/** The limiters of one trial start: shared by every way in (REST, studio, agent server). */
export function trialLimiters(
  limiterNamed: (name: string) => RateLimiterPort,
  clientAddress: string,
  deploymentPerHour: number,
): TrialLimiters {
  const network = trialNetwork(clientAddress);
  return {
    client: limiterNamed(`trial-mint:${trialBucket(clientAddress)}`),
    network: network === null ? null : limiterNamed(`trial-mint-network:${network}`),
    deployment: limiterNamed("trial-mint:deployment"),
    deploymentPerHour,
  };
}

function tooMany(message: string, limit: number, resetSeconds: number): ServiceError {
  return new ServiceError("rate_limited", message, {
    details: { limit, window_seconds: HOUR_SECONDS, retry_after_seconds: resetSeconds },
    retryAfterSeconds: resetSeconds,
  });
}

/**
 * A new 50-render trial account and its key, unless this client, its network or the deployment has started its hour's
 * trials (429).
 */
export async function startTrial(db: Database, limiters: TrialLimiters, now: string) {
  const client = await limiters.client.take(1, TRIAL_STARTS_PER_HOUR, HOUR_SECONDS);
  if (!client.allowed)
    throw tooMany(
      `Too many trials were started from this address; retry in ${client.resetSeconds} s, or use the API key ` +
        `you already have.`,
      TRIAL_STARTS_PER_HOUR,
      client.resetSeconds,
    );
  const network = await limiters.network?.take(1, TRIAL_STARTS_PER_HOUR_PER_NETWORK, HOUR_SECONDS);
  if (network && !network.allowed)
    throw tooMany(
      `Too many trials were started from this network (an IPv6 /48) this hour; retry in ${network.resetSeconds} s, ` +
        `or use the API key you already have.`,
      TRIAL_STARTS_PER_HOUR_PER_NETWORK,
      network.resetSeconds,
    );
  const deployment = await limiters.deployment.take(1, limiters.deploymentPerHour, HOUR_SECONDS);
  if (!deployment.allowed)
    throw tooMany(
      `Too many trials were started on this service this hour; retry in ${deployment.resetSeconds} s, or sign ` +
        `up for an API key.`,
      limiters.deploymentPerHour,
      deployment.resetSeconds,
    );
  return createAccount(db, { name: `Trial (${TRIAL_RENDERS} units)`, trial: true }, now);
}
