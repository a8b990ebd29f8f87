// The render backend's side of a chunked render (docs/rendering.md#long-documents): a piece printed into its session,
// the join, and the drop the Worker sends on every other way its render ends. A piece whose request the Worker gave up
// on (its connection closed before the answer) drops the session at once: nobody will join it.
import type { ServerResponse } from "node:http";
import type { ChunkPiece, RenderJob } from "@folio/render-page/job-contract";
import { joinFromWire } from "@folio/render-page/join-contract";
import { send, sendFailure } from "./backend-http.ts";
import type { BrowserPool } from "./browser-pool.ts";
import type { ChunkSessions } from "./chunk-sessions.ts";
import { joinRender } from "./join-render.ts";
import type { MemoryWatch } from "./memory-watch.ts";
import { runJob } from "./render-job.ts";

export interface ChunkWork {
  sessions: ChunkSessions;
  pool: BrowserPool;
  memory: MemoryWatch;
}

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
          (total) => send(res, 200, { page_count: pageCount, total_pages: total }),
          (error) => sendFailure(res, error),
        );
      }),
    );
  } catch (error) {
    await stopped(error);
  }
}

/** POST /join: the joined, finished PDF of a session's pieces. */
export async function joinPieces(res: ServerResponse, text: string, work: ChunkWork): Promise<void> {
  const receivedAt = Date.now();
  const { bytes, pageCount } = await joinRender(joinFromWire(text), work.sessions, work.pool, work.memory);
  res.writeHead(200, {
    "content-type": "application/pdf",
    "content-length": bytes.byteLength,
    "x-page-count": String(pageCount),
    "x-render-ms": String(Date.now() - receivedAt),
  });
  res.end(bytes);
}

/** POST /drop: the Worker's render stopped before its join; its pieces go now. */
export async function dropPieces(res: ServerResponse, text: string, sessions: ChunkSessions): Promise<void> {
  const { session } = JSON.parse(text) as { session?: unknown };
  if (typeof session !== "string")
    return send(res, 400, { error: { type: "render_failed", message: "A drop names the session to drop." } });
  await sessions.drop(session);
  send(res, 200, { dropped: session });
}
