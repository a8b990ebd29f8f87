import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type AccountRow, accounts, apiKeys } from "../../db/schema";
import { sha256Hex } from "../../lib/crypto";
import { API_KEY_PATTERN } from "../../lib/ids";

/**
 * The account behind a live key, or null for a key that is malformed, unknown or revoked: callers never learn which.
 */
export async function authenticateKey(
  db: Database,
  presented: string | undefined,
): Promise<{ account: AccountRow; keyId: string } | null> {
  if (!presented || !API_KEY_PATTERN.test(presented)) return null;
  const hash = await sha256Hex(presented);
  const [row] = await db
    .select({ account: accounts, keyId: apiKeys.id })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)))
    .limit(1);
  return row ?? null;
}
