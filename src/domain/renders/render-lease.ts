import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type AccountRow, type RenderRow, renders } from "../../db/schema";
import type { Clock } from "../../lib/clock";
import { beginAttempt, type MeterStub } from "../accounts/metering";
import { payloadKey } from "./enqueue-render";

// A queued render's lease: one run of it at a time, whatever the queue redelivers (docs/rendering.md#queued-renders).

const LEASE_MS = 120_000;
/** How often a chunked render renews its attempt: well inside the lease. */
const PROGRESS_EVERY_MS = 60_000;

/** Claims a queued render for this run until the lease ends; undefined when it is closed or another run holds it. */
export async function claimLease(db: Database, renderId: string, now: Date): Promise<RenderRow | undefined> {
  const [claimed] = await db
    .update(renders)
    .set({ leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString(), attemptStartedAt: now.toISOString() })
    .where(
      and(
        eq(renders.id, renderId),
        eq(renders.status, "queued"),
        or(isNull(renders.leaseUntil), lt(renders.leaseUntil, now.toISOString())),
      ),
    )
    .returning();
  return claimed;
}

/** Gives the render back to the queue's next delivery of its message. */
export async function releaseLease(db: Database, renderId: string): Promise<void> {
  await db.update(renders).set({ leaseUntil: null }).where(eq(renders.id, renderId));
}

/**
 * Writes the final state of a render that is still queued and drops its payload; undefined when another run closed it.
 */
export async function closeQueued(
  renderId: string,
  state: Partial<RenderRow>,
  deps: { db: Database; files: R2Bucket },
): Promise<RenderRow | undefined> {
  const [closed] = await deps.db
    .update(renders)
    .set({ ...state, leaseUntil: null })
    .where(and(eq(renders.id, renderId), eq(renders.status, "queued")))
    .returning();
  await deps.files.delete(payloadKey(renderId));
  return closed;
}

/**
 * What a chunked render reports between its chunks (at most once a minute): the attempt began again now, for the
 * lease, the stuck-render sweep and the meter's hold alike (docs/rendering.md#long-documents).
 */
export function renewAttempt(
  id: string,
  meter: MeterStub,
  account: AccountRow,
  deps: { db: Database; clock: Clock },
): () => Promise<void> {
  let renewedAt = deps.clock.now().getTime();
  return async () => {
    const now = deps.clock.now();
    if (now.getTime() - renewedAt < PROGRESS_EVERY_MS) return;
    renewedAt = now.getTime();
    await Promise.all([
      deps.db
        .update(renders)
        .set({ leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString(), attemptStartedAt: now.toISOString() })
        .where(and(eq(renders.id, id), eq(renders.status, "queued"))),
      beginAttempt(meter, account, id),
    ]);
  };
}
