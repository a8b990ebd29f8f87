import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type AccountRow, accounts } from "../../db/schema";
import { ServiceError } from "../../errors";

export async function getAccount(db: Database, accountId: string): Promise<AccountRow> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!account) throw noAccount(accountId);
  return account;
}

/** The answer when `accountId` names no account: also what an update that found no row says. */
export function noAccount(accountId: string): ServiceError {
  return new ServiceError("not_found", `No account \`${accountId}\`.`);
}
