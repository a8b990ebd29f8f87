// POST /render of a chunk's piece (docs/rendering.md#long-documents): printed into its session, kept for the join
// (join.ts) or the drop the Worker sends on every other way its render ends (drop.ts). A piece whose request the
// Worker gave up on (its connection closed before the answer) drops the session at once: nobody will join it.
import type { ServerResponse } from "node:http";
import { pieceCountsToWire } from "@folio/render-page/backend-http-surface";
import type { ChunkPiece, RenderJob } from "@folio/render-page/job-contract";
import type { ChunkWork } from "../backend-context.ts";
import { send, sendFailure } from "../backend-http.ts";
import { runJob } from "../render-job.ts";

/** Prints one piece into its session and answers its pages and the session's; any failure drops the session. */
export async function printPiece(
  job: RenderJob & { chunk: ChunkPiece },
  res: ServerResponse,
  { sessions, pool, memory }: ChunkWork,
): Promise<void> {
  const { session, index } = job.chunk;
  const stopped = (error: unknown) => sessions.drop(session).then(() => sendFailure(res, error));
  try {
    await sessions.begin(session, index, job.accountId);
  } catch (error) {
    return stopped(error);
  }
  res.on("close", () => {
    if (!res.writableFinished) void sessions.drop(session);
  });
  try {
    await pool.run(job.accountId, job.share, (browser, settled) =>
      runJob(pool, browser, job, memory, (outcome) => {
        settled(outcome);
        if ("error" in outcome) return void stopped(outcome.error);
        if (res.destroyed) return void sessions.drop(session);
        const { bytes, pageCount } = outcome.file;
        // Its print stops one page past what the account can pay for: such a piece ends the render.
        const last = job.maxPages !== undefined && pageCount > job.maxPages;
        void sessions.add(session, index, { bytes, pageCount, last }).then(
          (total) => send(res, 200, pieceCountsToWire({ pageCount, totalPages: total })),
          (error) => sendFailure(res, error),
        );
      }),
    );
  } catch (error) {
    await stopped(error);
  }
}
