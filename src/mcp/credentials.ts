import type { AccountRow } from "../db/schema";
import { database } from "../db/client";
import { authenticateKey } from "../domain/api-keys/authenticate-key";
import type { Env } from "../env";
import { ServiceError } from "../errors";

export interface ToolCaller {
  account: AccountRow;
  apiKeyId: string;
  apiKey: string;
  /** True when this call minted a trial: the result must hand the key over. */
  minted: boolean;
}

const TRIAL_MINTS_PER_HOUR = 5;

/**
 * The account a tool call acts for: the Authorization header's key, else the `api_key` argument, else a
 * fresh trial minted through the internal surface (at most a few an hour per client address).
 */
export async function resolveCaller(env: Env, headerKey: string | undefined, argumentKey: string | undefined, clientAddress: string, mintTrial: () => Promise<{ api_key: string }>): Promise<ToolCaller> {
  const presented = headerKey ?? argumentKey;
  const db = database(env.DB);
  if (presented !== undefined) {
    const found = await authenticateKey(db, presented);
    if (!found) throw new ServiceError("authentication_error", "The API key is missing, malformed, unknown or revoked.");
    return { account: found.account, apiKeyId: found.keyId, apiKey: presented, minted: false };
  }
  const limiter = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`trial-mint:${clientAddress}`));
  const decision = await limiter.take(1, TRIAL_MINTS_PER_HOUR, 3600);
  if (!decision.allowed) {
    throw new ServiceError("rate_limited", `Too many trial accounts from this address; retry in ${decision.resetSeconds} s, or pass the API key you already have.`, { details: { retry_after_seconds: decision.resetSeconds } });
  }
  const { api_key: apiKey } = await mintTrial();
  const found = await authenticateKey(db, apiKey);
  if (!found) throw new ServiceError("internal_error", "The new trial key could not be read back.");
  return { account: found.account, apiKeyId: found.keyId, apiKey, minted: true };
}
