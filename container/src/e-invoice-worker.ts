// One share of the e-invoice rules in a thread of its own (e-invoice-thread.ts starts two, naming the share in
// `workerData`), its rule sets loaded before the thread says it is ready.
import { workerData } from "node:worker_threads";
import { preloadRules } from "@folio/e-invoice/preload";
import type { CheckShare } from "@folio/e-invoice/validate";
import { checkEInvoice } from "./e-invoice-check.ts";
import { serveSideThread } from "./serve-side-thread.ts";

const share = workerData as CheckShare;
const started = Date.now();
const ruleSets = preloadRules([share]);
serveSideThread(
  { ruleSets, ms: Date.now() - started },
  (body: string) => checkEInvoice(body, share),
  // Anything but a refused body is the rules' own error (libxml2's, SaxonJS's): said in the log, not the answer.
  {
    type: "render_failed",
    message: "The e-invoice check could not finish on this XML.",
    details: { stage: "e_invoice", reason: "check_failed", retryable: false },
  },
);
