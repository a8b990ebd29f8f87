// POST /render turns a finished HTML document into PDF, PNG or JPG with a warm Chromium: the Worker sends only fully
// rendered HTML (Liquid already applied) and the merged options. A chunk's piece stays here for the join
// (render-piece.ts); a `pdfua` PDF asked mended with its print is answered so (accessible-print.ts).
import type { ServerResponse } from "node:http";
import { BACKEND_CONTENT_TYPES, BACKEND_ROUTES, fileHeaders } from "@folio/render-page/backend-http-surface";
import { jobFromWire } from "@folio/render-page/job-contract";
import { JobFailure } from "@folio/render-page/job-failure";
import { sendAccessiblePrint } from "../accessible-print.ts";
import type { BackendContext, RouteHandler } from "../backend-context.ts";
import { readBody, sendFailure } from "../backend-http.ts";
import { runJob } from "../render-job.ts";
import { printPiece } from "./render-piece.ts";

async function render(text: string, res: ServerResponse, context: BackendContext, receivedAt: number): Promise<void> {
  const { pool, memory } = context;
  const job = jobFromWire(text);
  // A chunk's piece stays here for the join; the Worker learns its pages and the session's total.
  if (job.chunk) return printPiece({ ...job, chunk: job.chunk }, res, context);
  try {
    await pool.run(job.accountId, job.share, (browser, settled) =>
      runJob(pool, browser, job, memory, (outcome) => {
        settled(outcome);
        if ("error" in outcome) return sendFailure(res, outcome.error);
        // The browser is free for the next job meanwhile: the accessibility work runs in its own thread.
        const at = job.format === "pdf" ? job.accessibility : undefined;
        if (at) return void sendAccessiblePrint(res, outcome.file, { at, seat: job, receivedAt }, context);
        res.writeHead(200, fileHeaders(BACKEND_CONTENT_TYPES[job.format], outcome.file, receivedAt));
        res.end(outcome.file.bytes);
      }),
    );
  } catch (error) {
    sendFailure(res, error);
  }
}

/** Only reading the job fails here (render answers its own failures): the same job would fail again. */
function unreadable(error: unknown): JobFailure {
  console.error(`render backend: a render job could not be read: ${(error as Error).message ?? error}`);
  return new JobFailure("render_failed", "The render job could not be read.", {
    stage: "browser",
    reason: "bad_job",
    retryable: false,
  });
}

export const renderRoute: RouteHandler = {
  route: BACKEND_ROUTES.render,
  async handle(req, res, context) {
    const receivedAt = Date.now();
    await readBody(req)
      .then((text) => render(text, res, context, receivedAt))
      .catch((error) => sendFailure(res, error instanceof JobFailure ? error : unreadable(error)));
  },
};
