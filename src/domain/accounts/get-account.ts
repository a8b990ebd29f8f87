import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type AccountRow, accounts } from "../../db/schema";
import { ServiceError } from "../../errors";

export async function getAccount(db: Database, accountId: string): Promise<AccountRow> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!account) throw new ServiceError("not_found", `No account \`${accountId}\`.`);
  return account;
}
