import { and, desc, eq, lt, or, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type RenderRow, renders } from "../../db/schema";
import { ServiceError } from "../../errors";

export interface RenderListQuery {
  limit: number;
  startingAfter?: string | undefined;
  batchId?: string | undefined;
  status?: RenderRow["status"] | undefined;
}

/** Newest first, paged by the id of the last render seen; `has_more` says whether another page exists. */
export async function listRenders(
  db: Database,
  accountId: string,
  query: RenderListQuery,
): Promise<{ data: RenderRow[]; hasMore: boolean }> {
  // and() and or() answer undefined only when every condition given is undefined; and() skips those.
  const filters: Array<SQL | undefined> = [eq(renders.accountId, accountId)];
  if (query.batchId) filters.push(eq(renders.batchId, query.batchId));
  if (query.status) filters.push(eq(renders.status, query.status));
  if (query.startingAfter) {
    const [cursor] = await db
      .select({ createdAt: renders.createdAt, id: renders.id })
      .from(renders)
      .where(and(eq(renders.id, query.startingAfter), eq(renders.accountId, accountId)))
      .limit(1);
    if (!cursor)
      throw new ServiceError("invalid_request", `\`starting_after\` names no render of this account.`, {
        errors: [
          {
            path: "starting_after",
            message: "No such render on this account.",
            expected: "the id of a render from a previous page",
            received: query.startingAfter,
          },
        ],
      });
    filters.push(
      or(
        lt(renders.createdAt, cursor.createdAt),
        and(eq(renders.createdAt, cursor.createdAt), lt(renders.id, cursor.id)),
      ),
    );
  }
  const rows = await db
    .select()
    .from(renders)
    .where(and(...filters))
    .orderBy(desc(renders.createdAt), desc(renders.id))
    .limit(query.limit + 1);
  return { data: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
}

/** The states a render never leaves: its file, page count and error are final. */
const FINISHED: ReadonlySet<RenderRow["status"]> = new Set(["succeeded", "failed"]);

/** A row nothing will change again: finished, with no webhook delivery still under way. */
const isFinal = (render: RenderRow) => FINISHED.has(render.status) && render.webhookStatus !== "pending";

/** Where a read may go: the primary, or a replica near the caller that may be a moment behind it. */
export interface RenderReads {
  db: Database;
  replica: () => Database;
}

function renderById(db: Database, accountId: string, renderId: string): Promise<RenderRow | undefined> {
  return db
    .select()
    .from(renders)
    .where(and(eq(renders.id, renderId), eq(renders.accountId, accountId)))
    .limit(1)
    .then(([render]) => render);
}

/**
 * A render of the account. A final render found on a replica near the caller is the answer: nothing in it changes
 * again. Anything else (not on the replica yet, queued, running, its webhook pending) is read again from the primary,
 * so a render returned by POST is found on the caller's next request and a poll never answers a state older than the
 * primary's (docs/round-trips.md#replica-reads).
 */
export async function getRender(reads: RenderReads, accountId: string, renderId: string): Promise<RenderRow> {
  const nearby = await renderById(reads.replica(), accountId, renderId);
  const render = nearby && isFinal(nearby) ? nearby : await renderById(reads.db, accountId, renderId);
  if (!render) throw new ServiceError("not_found", `No render \`${renderId}\` on this account.`);
  return render;
}
