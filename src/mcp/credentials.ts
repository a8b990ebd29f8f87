import { database } from "../db/client";
import type { AccountRow } from "../db/schema";
import { startTrial, trialLimiters } from "../domain/accounts/start-trial";
import { authenticateKey } from "../domain/api-keys/authenticate-key";
import type { Env } from "../env";
import { ServiceError } from "../errors";
import { config } from "../lib/config";

export interface ToolCaller {
  account: AccountRow;
  apiKeyId: string;
  apiKey: string;
  /** True when this call minted a trial: the result must hand the key over. */
  minted: boolean;
}

/**
 * The account a tool call acts for: the Authorization header's key, else the `api_key` argument, else a
 * fresh trial, started as POST /v1/trials starts one (the same limit per client address).
 */
export async function resolveCaller(
  env: Env,
  headerKey: string | undefined,
  argumentKey: string | undefined,
  clientAddress: string,
): Promise<ToolCaller> {
  const presented = headerKey ?? argumentKey;
  const db = database(env.DB);
  if (presented !== undefined) {
    const found = await authenticateKey(db, presented);
    if (!found)
      throw new ServiceError("authentication_error", "The API key is missing, malformed, unknown or revoked.");
    return { account: found.account, apiKeyId: found.keyId, apiKey: presented, minted: false };
  }
  const { account, apiKey, keyId } = await startTrial(
    db,
    trialLimiters(env.RATE_LIMITER, clientAddress, config(env).trialStartsPerHourTotal),
    new Date().toISOString(),
  );
  return { account, apiKeyId: keyId, apiKey, minted: true };
}
