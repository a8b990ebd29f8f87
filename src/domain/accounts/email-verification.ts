import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { accounts, verificationTokens } from "../../db/schema";
import { ServiceError } from "../../errors";
import { sha256Hex } from "../../lib/crypto";
import { newSecret } from "../../lib/ids";
import { getAccount } from "./get-account";

const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Issues a single-use token that proves control of `email`; only its hash is stored. */
export async function createVerification(db: Database, accountId: string, email: string, now: Date): Promise<string> {
  await getAccount(db, accountId);
  const token = newSecret("vt_");
  await db.batch([
    db.insert(verificationTokens).values({
      tokenHash: await sha256Hex(token),
      accountId,
      email,
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS).toISOString(),
      createdAt: now.toISOString(),
    }),
    db.update(accounts).set({ pendingEmail: email, updatedAt: now.toISOString() }).where(eq(accounts.id, accountId)),
  ]);
  return token;
}

/** Spends a token: the conditional update makes a token usable once even when two clicks race. */
export async function verifyEmail(
  db: Database,
  token: string,
  now: Date,
): Promise<{ accountId: string; email: string }> {
  const at = now.toISOString();
  const [spent] = await db
    .update(verificationTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(verificationTokens.tokenHash, await sha256Hex(token)),
        isNull(verificationTokens.usedAt),
        gt(verificationTokens.expiresAt, at),
      ),
    )
    .returning();
  if (!spent) {
    throw new ServiceError("invalid_request", "This verification link is unknown, already used, or expired.", {
      errors: [
        {
          path: "token",
          message: "The token is unknown, already used, or expired (tokens last 24 hours).",
          expected: "an unused token issued within 24 hours",
        },
      ],
    });
  }
  await db
    .update(accounts)
    .set({ email: spent.email, pendingEmail: null, updatedAt: at })
    .where(eq(accounts.id, spent.accountId));
  return { accountId: spent.accountId, email: spent.email };
}
