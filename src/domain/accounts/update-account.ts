import { eq } from "drizzle-orm";
import type { PlanName } from "../../contract/accounts";
import type { Database } from "../../db/client";
import { type AccountRow, accounts } from "../../db/schema";
import type { AccountLimitOverrides } from "./create-account";
import { getAccount, noAccount } from "./get-account";

export interface AccountChanges {
  plan?: PlanName | undefined;
  status?: "active" | "suspended" | undefined;
  /** A limit set to null returns to the plan's value. */
  limits?: { [K in keyof AccountLimitOverrides]?: number | null } | undefined;
}

export async function updateAccount(
  db: Database,
  accountId: string,
  changes: AccountChanges,
  now: string,
): Promise<AccountRow> {
  await getAccount(db, accountId);
  const limits = changes.limits ?? {};
  const [updated] = await db
    .update(accounts)
    .set({
      plan: changes.plan,
      status: changes.status,
      freeRendersPerMonth: limits.free_renders_per_month,
      monthlySpendCapUsd: limits.monthly_spend_cap_usd,
      rendersPerMinute: limits.renders_per_minute,
      updatedAt: now,
    })
    .where(eq(accounts.id, accountId))
    .returning();
  if (!updated) throw noAccount(accountId);
  return updated;
}
