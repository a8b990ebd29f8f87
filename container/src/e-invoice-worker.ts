// The e-invoice rules in a thread of their own (e-invoice-thread.ts starts it): a Factur-X check keeps SaxonJS busy for
// a fifth of a second, which on the backend's own thread would hold every print's Chromium traffic meanwhile.
import { parentPort } from "node:worker_threads";
import { preloadRules } from "@folio/e-invoice/preload";
import { JobFailure } from "@folio/render-page/job-failure";
import { checkEInvoice } from "./e-invoice-check.ts";

if (!parentPort) throw new Error("e-invoice-worker.ts runs as a worker thread");
const port = parentPort;

const started = Date.now();
port.postMessage({ ready: { ruleSets: preloadRules(), ms: Date.now() - started } });

port.on("message", ({ id, text }: { id: number; text: string }) => {
  try {
    port.postMessage({ id, result: checkEInvoice(text) });
  } catch (error) {
    // A check the worker refused travels as its failure; anything else is the rules' own error, said as it is.
    const { type, message, details } =
      error instanceof JobFailure
        ? error
        : { type: "render_failed", message: `The e-invoice check failed: ${(error as Error).message}`, details: {} };
    port.postMessage({ id, failure: { type, message, details: { stage: "e_invoice", ...details } } });
  }
});
