// A job's pages mended and scanned (accessibility-pages.ts starts this thread): the answer's events and fonts move
// to the asking thread rather than being copied.
import { parentPort } from "node:worker_threads";
import { workPages } from "@folio/render-page/pdfua/page-work";
import { inflateWithZlib } from "./native-inflate.ts";

inflateWithZlib();
const port = parentPort;
if (!port) throw new Error("accessibility-pages-worker.ts runs in a worker thread");
interface Asked {
  job: number;
  pdf: Uint8Array;
  pagination: boolean;
  maxPages: number;
}

port.on("message", ({ job, pdf, pagination, maxPages }: Asked) => {
  try {
    const pages = workPages(pdf, pagination, maxPages);
    const moved = pages?.flatMap((page) => [page.events.buffer as ArrayBuffer, page.fonts.buffer as ArrayBuffer]);
    port.postMessage({ job, pages }, moved ?? []);
  } catch (error) {
    port.postMessage({ job, failed: (error as Error).stack ?? String(error) });
  }
});
