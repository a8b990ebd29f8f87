import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { apiKeys } from "../../db/schema";
import { ServiceError } from "../../errors";

/** Revokes a key; revoking an already revoked key answers the same, so the call can be retried safely. */
export async function revokeKey(db: Database, keyId: string, now: string): Promise<void> {
  const [key] = await db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.id, keyId)).limit(1);
  if (!key) throw new ServiceError("not_found", `No API key \`${keyId}\`.`);
  await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)));
}
