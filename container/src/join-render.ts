// POST /join: a chunked render's pieces become one PDF here, so the Worker never loads the joined file
// (docs/rendering.md#long-documents). The headers and footers are one light print of the whole page count, each
// page only its margins, laid over the pieces: page i of N comes from Chromium itself, and the pieces' prints never
// had to know where they start.

import type { RenderJob } from "@folio/render-page/job-contract";
import type { JoinJob } from "@folio/render-page/join-contract";
import { firstPageSize, joinPieces, marginsDocument } from "@folio/render-page/joined-pdf";
import type { BrowserPool } from "./browser-pool.ts";
import type { ChunkSessions } from "./chunk-sessions.ts";
import type { MemoryWatch } from "./memory-watch.ts";
import { runJob } from "./render-job.ts";

/**
 * The margins document's own time: it is no chunk of the user's, and its print grows with the whole page count
 * (about 7 ms a page at 2,000 pages, 25 s at 3,000, the most a chunked render with a header or footer may have).
 */
const MARGINS_TIMEOUT_MS = 60_000;

export async function joinRender(
  job: JoinJob,
  sessions: ChunkSessions,
  pool: BrowserPool,
  memory: MemoryWatch,
): Promise<{ bytes: Uint8Array; pageCount: number }> {
  const session = sessions.open(job.session);
  try {
    const margins = job.margins
      ? await printMargins(job, session.pageCount, await session.first(), pool, memory)
      : null;
    const bytes = await joinPieces(session.pieces, margins, job.identity, job.finish);
    return { bytes, pageCount: session.pageCount };
  } finally {
    await sessions.drop(job.session);
  }
}

/** The margins document, printed at the size of the pieces' pages with the render's header, footer and margins. */
async function printMargins(
  job: JoinJob,
  pageCount: number,
  firstPiece: Uint8Array,
  pool: BrowserPool,
  memory: MemoryWatch,
): Promise<Uint8Array> {
  const size = await firstPageSize(firstPiece);
  const print: RenderJob = {
    html: marginsDocument(pageCount),
    format: "pdf",
    options: {
      ...(job.margins as RenderJob["options"]),
      page_size: { width: `${size.width}pt`, height: `${size.height}pt` },
      print_background: false,
    },
    timeoutMs: MARGINS_TIMEOUT_MS,
    allowPrivateEgress: false,
    accountId: job.accountId,
    share: job.share,
  };
  const outcome = await pool.run(job.accountId, job.share, (browser) =>
    runJob(pool, browser, print, memory, () => undefined),
  );
  if ("error" in outcome) throw outcome.error;
  return outcome.file.bytes;
}
