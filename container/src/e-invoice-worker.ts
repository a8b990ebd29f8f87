// The e-invoice rules in a thread of their own (e-invoice-thread.ts starts it), every rule set loaded before the
// thread says it is ready.
import { preloadRules } from "@folio/e-invoice/preload";
import { checkEInvoice } from "./e-invoice-check.ts";
import { serveSideThread } from "./side-thread.ts";

const started = Date.now();
const ruleSets = preloadRules();
serveSideThread({ ruleSets, ms: Date.now() - started }, checkEInvoice, (error) => ({
  // Anything but a refused body is the rules' own error, said as it is.
  type: "render_failed",
  message: `The e-invoice check failed: ${error.message}`,
  details: { stage: "e_invoice" },
}));
