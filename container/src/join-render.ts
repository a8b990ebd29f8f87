// POST /join: a chunked render's pieces become one PDF here, so the Worker never loads the joined file
// (docs/rendering.md#long-documents). The headers and footers come from one light document of the whole page count,
// each page only its margins, laid over the pieces: page i of N comes from Chromium itself, and the pieces' prints
// never had to know where they start. That document is printed in slices, a page range each and a job of its own that
// loads the document afresh: Chromium's time per printed page grows with the length of the document it paginates, and
// with every range printed from one loaded document (bench/RESULTS.md, "Long documents").

import type { RenderJob } from "@folio/render-page/job-contract";
import type { JoinJob } from "@folio/render-page/join-contract";
import { firstPageSize, joinPieces, marginsDocument } from "@folio/render-page/joined-pdf";
import type { ChunkWork } from "./backend-context.ts";
import { runJob } from "./render-job.ts";

/**
 * A margins slice's own time: it is no chunk of the user's. A slice of 1,000 pages of a 10,000-page document takes
 * about 5-7 s on two cores (bench/RESULTS.md, "Long documents").
 */
const MARGINS_SLICE_TIMEOUT_MS = 60_000;

export async function joinRender(job: JoinJob, work: ChunkWork): Promise<{ bytes: Uint8Array; pageCount: number }> {
  const { sessions } = work;
  const session = sessions.open(job.session);
  try {
    // Every slice is printed before the pieces are loaded: a slice's print then never shares the backend's memory
    // ceiling with the joined document (slices are small: about 0.6 MB a 1,000 pages).
    const margins = job.margins
      ? await printMarginSlices(job, session.pageCount, await firstPageSize(await session.first()), work)
      : null;
    const bytes = await joinPieces(session.pieces, margins, job.identity, job.finish);
    return { bytes, pageCount: session.pageCount };
  } finally {
    await sessions.drop(job.session);
  }
}

/** The margins document's slices in order, at the size of the pieces' pages with the render's header, footer and margins. */
async function printMarginSlices(
  job: JoinJob,
  pageCount: number,
  size: { width: number; height: number },
  { pool, memory, marginsSlicePages }: ChunkWork,
): Promise<Uint8Array[]> {
  const html = marginsDocument(pageCount);
  const slices: Uint8Array[] = [];
  for (let first = 1; first <= pageCount; first += marginsSlicePages) {
    const print: RenderJob = {
      html,
      format: "pdf",
      options: {
        ...(job.margins as RenderJob["options"]),
        page_size: { width: `${size.width}pt`, height: `${size.height}pt` },
        print_background: false,
      },
      pageRange: { first, last: Math.min(pageCount, first + marginsSlicePages - 1) },
      timeoutMs: MARGINS_SLICE_TIMEOUT_MS,
      allowPrivateEgress: false,
      accountId: job.accountId,
      share: job.share,
    };
    const outcome = await pool.run(job.accountId, job.share, (browser) =>
      runJob(pool, browser, print, memory, () => undefined),
    );
    if ("error" in outcome) throw outcome.error;
    slices.push(outcome.file.bytes);
  }
  return slices;
}
