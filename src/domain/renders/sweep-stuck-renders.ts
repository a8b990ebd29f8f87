import { and, eq, lt, sql } from "drizzle-orm";
import { type RenderRow, renders } from "../../db/schema";
import { holdExpired } from "../accounts/metering";
import { HOLD_EXPIRY_MS } from "../ports/account-meter";
import type { ProcessDeps } from "./process-queued-render";
import { failedState } from "./record-render";
import { closeQueued } from "./render-lease";

/** How many stuck renders one sweep closes; a backlog larger than this is taken over the next runs. */
const SWEEP_LIMIT = 200;

/**
 * Closes renders still queued 15 minutes after their last attempt began (or after they were queued, when no
 * attempt ever began) as failed, stage `queue`, and releases their reserved units: nothing is held forever,
 * whatever happened to their queue message. Answers the renders it closed, so their webhooks can be sent.
 */
export async function sweepStuckRenders(
  deps: Pick<ProcessDeps, "db" | "files" | "meter" | "baseUrl" | "clock">,
): Promise<RenderRow[]> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - HOLD_EXPIRY_MS).toISOString();
  const stuck = await deps.db
    .select({ id: renders.id })
    .from(renders)
    .where(
      and(eq(renders.status, "queued"), lt(sql`coalesce(${renders.attemptStartedAt}, ${renders.createdAt})`, cutoff)),
    )
    .limit(SWEEP_LIMIT);
  const closed: RenderRow[] = [];
  for (const { id } of stuck) {
    const render = await closeQueued(id, failedState(holdExpired(), deps.baseUrl, now.toISOString()), deps);
    if (!render) continue;
    await deps.meter(render.accountId).release(render.id);
    closed.push(render);
  }
  return closed;
}
