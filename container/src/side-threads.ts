// POST /validate-e-invoice and POST /page-image: work the Worker cannot do, run in the backend's side threads
// (e-invoice-thread.ts, page-image-thread.ts), each job under the account and share the Worker names in its
// headers (@folio/render-page/side-seats).
import type { IncomingMessage, ServerResponse } from "node:http";
import { seatFromHeaders } from "@folio/render-page/job-contract";
import { JobFailure } from "@folio/render-page/job-failure";
import { readBody, readBytes, send, sendFailure } from "./backend-http.ts";
import { eInvoiceThreads } from "./e-invoice-thread.ts";
import { pageImageThread } from "./page-image-thread.ts";

/** A side thread's failure as it is; anything else that stopped `work` in Folio's words, its own in the log. */
function sendSideFailure(res: ServerResponse, work: string, stage: string, error: unknown): void {
  if (!(error instanceof JobFailure))
    console.error(`render backend: ${work} failed: ${(error as Error).stack ?? error}`);
  const failure = error instanceof JobFailure ? error : new JobFailure("render_failed", `${work} failed.`, { stage });
  sendFailure(res, failure);
}

export function sideRoutes() {
  // The official e-invoice rules, loaded and run off the event loop, in two threads.
  const eInvoices = eInvoiceThreads();
  // PDF pages drawn as images (an agent's preview), off the event loop too.
  const pageImages = pageImageThread();
  return {
    /** Resolves once the e-invoice rules are loaded: how many, and how long the slower thread took. */
    ready: eInvoices.ready,
    get stats() {
      return { e_invoice_checks: eInvoices.stats, page_images: pageImages.stats };
    },
    /** Answers `req` when it is one of these routes; false otherwise. */
    handle(req: IncomingMessage, res: ServerResponse): boolean {
      if (req.method !== "POST") return false;
      const seat = seatFromHeaders(req.headers);
      if (req.url === "/validate-e-invoice") {
        readBody(req)
          .then((text) => eInvoices.ask(text, seat))
          .then((verdict) => send(res, 200, verdict))
          .catch((error) => sendSideFailure(res, "The e-invoice check", "e_invoice", error));
        return true;
      }
      if (req.url !== "/page-image") return false;
      readBytes(req)
        .then((pdf) => pageImages.ask(new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength), seat))
        .then(({ png, width, height }) => {
          res.writeHead(200, {
            "content-type": "image/png",
            "content-length": png.byteLength,
            "x-image-size": `${width}x${height}`,
          });
          res.end(png);
        })
        .catch((error) => sendSideFailure(res, "Drawing the page", "page_image", error));
      return true;
    },
  };
}
