import type { PlanName } from "../../contract/accounts";
import type { Database } from "../../db/client";
import { type AccountRow, accounts } from "../../db/schema";
import { newId, newSecret } from "../../lib/ids";
import { type IssuedKey, prepareKey } from "../api-keys/issue-key";

export interface AccountLimitOverrides {
  free_renders_per_month?: number | undefined;
  monthly_spend_cap_usd?: number | undefined;
  renders_per_minute?: number | undefined;
}

export interface NewAccount {
  name: string;
  email?: string | undefined;
  plan?: PlanName | undefined;
  trial?: boolean | undefined;
  limits?: AccountLimitOverrides | undefined;
}

/** Creates the account and its first API key together: an account is never left without a key. */
export async function createAccount(
  db: Database,
  input: NewAccount,
  now: string,
): Promise<{ account: AccountRow } & IssuedKey> {
  const webhookSecret = newSecret("whsec_");
  const account: AccountRow = {
    id: newId("acct"),
    name: input.name,
    email: null,
    pendingEmail: input.email ?? null,
    plan: input.plan ?? "free",
    status: "active",
    trial: input.trial ?? false,
    freeRendersPerMonth: input.limits?.free_renders_per_month ?? null,
    monthlySpendCapUsd: input.limits?.monthly_spend_cap_usd ?? null,
    rendersPerMinute: input.limits?.renders_per_minute ?? null,
    webhookSecret,
    webhookSecretPrefix: webhookSecret.slice(0, 12),
    webhookSecretShownAt: null,
    createdAt: now,
    updatedAt: now,
  };
  const { issued, insert } = await prepareKey(db, account.id, now);
  await db.batch([db.insert(accounts).values(account), insert]);
  return { account, ...issued };
}
