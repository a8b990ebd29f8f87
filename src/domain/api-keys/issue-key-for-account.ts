import type { Database } from "../../db/client";
import { getAccount } from "../accounts/get-account";
import { type IssuedKey, prepareKey } from "./issue-key";

export async function issueKeyForAccount(db: Database, accountId: string, now: string): Promise<IssuedKey> {
  await getAccount(db, accountId);
  const { issued, insert } = await prepareKey(db, accountId, now);
  await insert;
  return issued;
}
