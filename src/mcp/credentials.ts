import type { AccountRow } from "../db/schema";
import { startTrial } from "../domain/accounts/start-trial";
import { authenticateKey } from "../domain/api-keys/authenticate-key";
import { ServiceError } from "../errors";
import type { Services } from "../services";

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
  services: Services,
  headerKey: string | undefined,
  argumentKey: string | undefined,
  clientAddress: string,
): Promise<ToolCaller> {
  const presented = headerKey ?? argumentKey;
  const { db } = services;
  if (presented !== undefined) {
    const found = await authenticateKey(db, presented);
    if (!found)
      throw new ServiceError("authentication_error", "The API key is missing, malformed, unknown or revoked.");
    return { account: found.account, apiKeyId: found.keyId, apiKey: presented, minted: false };
  }
  const { account, apiKey, keyId } = await startTrial(db, services.trialLimiters(clientAddress), services.clock.iso());
  return { account, apiKeyId: keyId, apiKey, minted: true };
}
