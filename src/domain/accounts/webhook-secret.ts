import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type AccountRow, accounts } from "../../db/schema";
import { newSecret } from "../../lib/ids";
import { noAccount } from "./get-account";

/**
 * Hands the webhook secret out once: the conditional update lets exactly one caller see it, even when two
 * first calls race. Null means it was shown before.
 */
export async function revealWebhookSecretOnce(
  db: Database,
  account: AccountRow,
  now: string,
): Promise<AccountRow | null> {
  const [revealed] = await db
    .update(accounts)
    .set({ webhookSecretShownAt: now })
    .where(and(eq(accounts.id, account.id), isNull(accounts.webhookSecretShownAt)))
    .returning();
  return revealed ?? null;
}

/** Replaces the secret; the old one stops signing at once, since every delivery reads the current one. */
export async function rotateWebhookSecret(db: Database, accountId: string, now: string): Promise<AccountRow> {
  const secret = newSecret("whsec_");
  const [rotated] = await db
    .update(accounts)
    .set({ webhookSecret: secret, webhookSecretPrefix: secret.slice(0, 12), webhookSecretShownAt: now, updatedAt: now })
    .where(eq(accounts.id, accountId))
    .returning();
  if (!rotated) throw noAccount(accountId);
  return rotated;
}
