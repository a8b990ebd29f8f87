import type { Database } from "../../db/client";
import { apiKeys } from "../../db/schema";
import { sha256Hex } from "../../lib/crypto";
import { newId, newSecret } from "../../lib/ids";

export interface IssuedKey {
  apiKey: string;
  keyId: string;
}

/** Builds the insert for a new key. Only its SHA-256 and a display prefix are kept; the key itself is shown once. */
export async function prepareKey(db: Database, accountId: string, now: string) {
  const apiKey = newSecret("folio_sk_");
  const keyId = newId("key");
  const insert = db
    .insert(apiKeys)
    .values({ id: keyId, accountId, keyHash: await sha256Hex(apiKey), prefix: apiKey.slice(0, 12), createdAt: now });
  return { issued: { apiKey, keyId } satisfies IssuedKey, insert };
}
