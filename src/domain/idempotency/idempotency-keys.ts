import { and, eq, lt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { idempotencyKeys } from "../../db/schema";
import { ServiceError } from "../../errors";

/** How long a key and its answer are kept (docs/requests.md#idempotency-key). */
const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A request still running this long after it claimed its key has died with its Worker: the key is free again. */
const ABANDONED_AFTER_MS = 5 * 60 * 1000;

type Claim = { state: "claimed" } | { state: "replay"; status: number; body: string };

const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

/** A key is 1 to 255 printable ASCII characters; anything else is refused at `Idempotency-Key`. */
export function checkKey(key: string): void {
  if (KEY_PATTERN.test(key)) return;
  throw new ServiceError("invalid_request", "The Idempotency-Key header must be 1 to 255 printable ASCII characters.", {
    errors: [
      {
        path: "Idempotency-Key",
        message: "The Idempotency-Key header must be 1 to 255 printable ASCII characters.",
        expected: "1 to 255 printable ASCII characters",
        received: key.length > 255 ? `${key.length} characters` : "other characters",
        example: "order-1042-invoice",
      },
    ],
  });
}

function conflict(code: "idempotency_key_reused" | "idempotency_key_in_use", message: string): ServiceError {
  return new ServiceError("conflict", message, {
    details: { code },
    ...(code === "idempotency_key_in_use" ? { retryAfterSeconds: 1 } : {}),
  });
}

/**
 * Claims `key` for a request whose method, path and canonical body hash to `fingerprint`: the first request
 * claims it and runs; a repeat of the same request replays the kept answer; the same key for another request,
 * or while the first is still running, is a 409. One insert decides who is first, whatever runs concurrently.
 */
export async function claimKey(
  db: Database,
  accountId: string,
  key: string,
  fingerprint: string,
  now: Date,
  earlierForm?: string,
): Promise<Claim> {
  const at = now.toISOString();
  const [inserted] = await db
    .insert(idempotencyKeys)
    .values({ accountId, key, fingerprint, createdAt: at, startedAt: at })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { state: "claimed" };
  const [held] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)))
    .limit(1);
  if (!held || Date.parse(held.createdAt) <= now.getTime() - KEY_LIFETIME_MS) {
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.accountId, accountId),
          eq(idempotencyKeys.key, key),
          lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEY_LIFETIME_MS + 1).toISOString()),
        ),
      );
    return claimKey(db, accountId, key, fingerprint, new Date(now.getTime() + 1), earlierForm);
  }
  // A key kept before fingerprints were keyed (at most a day before the deploy) still replays its request.
  if (held.fingerprint !== fingerprint && held.fingerprint !== earlierForm)
    throw conflict(
      "idempotency_key_reused",
      "This Idempotency-Key was already used with another request (a different body or path). Use a new key " +
        "for a new request.",
    );
  if (held.status !== null && held.body !== null) return { state: "replay", status: held.status, body: held.body };
  if (Date.parse(held.startedAt) > now.getTime() - ABANDONED_AFTER_MS)
    throw conflict(
      "idempotency_key_in_use",
      "A request with this Idempotency-Key is still running. Retry in a second to get its answer.",
    );
  const [taken] = await db
    .update(idempotencyKeys)
    .set({ startedAt: at })
    .where(
      and(
        eq(idempotencyKeys.accountId, accountId),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.startedAt, held.startedAt),
      ),
    )
    .returning();
  if (!taken)
    throw conflict(
      "idempotency_key_in_use",
      "A request with this Idempotency-Key is still running. Retry in a second to get its answer.",
    );
  return { state: "claimed" };
}

/** Keeps the answer of the request that claimed `key`, for replay. */
export async function keepAnswer(
  db: Database,
  accountId: string,
  key: string,
  status: number,
  body: string,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ status, body })
    .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)));
}

/** Frees `key` after an answer that is not kept (a 5xx, or a refusal before anything ran): a retry runs again. */
export async function releaseKey(db: Database, accountId: string, key: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)));
}

/** Drops keys past their 24 hours; run by the cron. */
export async function sweepExpiredKeys(db: Database, now: Date): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEY_LIFETIME_MS).toISOString()));
}
