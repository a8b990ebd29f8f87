// The backend's e-invoice checks, answered by two side threads (e-invoice-worker.ts): one runs the syntax's rules
// (XSD, CEN EN 16931), the other the profile's own (Factur-X, XRechnung, Peppol), side by side, so a Factur-X check
// takes the longer of the two, not their sum. SaxonJS busy for a tenth of a second must not hold the prints'
// Chromium traffic either. Each thread loads only the rule sets of its share. Checks take turns between accounts
// (@folio/render-page/side-seats): two admitted at a time, free work holding at most one of them.
import { CHECK_SHARES, type CheckShare, combineShares, type EInvoiceValidation } from "@folio/e-invoice/validate";
import { SIDE_WORK_LIMIT_MS, sideSeats } from "@folio/render-page/side-seats";
import { SideThread, type SideWork } from "./side-thread.ts";

type Loaded = { ruleSets: number; ms: number };
type ShareThread = SideThread<string, EInvoiceValidation, Loaded>;

/**
 * Takes a `/validate-e-invoice` body (`{xml, standard, profile | cius}`) and answers the rules' verdict; ready says
 * how many schemas and rule sets the threads loaded, and how long the slower took.
 */
export type EInvoiceThreads = SideWork<string, EInvoiceValidation, Loaded>;

function shareThread(share: CheckShare): ShareThread {
  return new SideThread({
    script: new URL("./e-invoice-worker.ts", import.meta.url),
    work: "The e-invoice check",
    details: { stage: "e_invoice", reason: "check_stopped" },
    timeLimitMs: SIDE_WORK_LIMIT_MS,
    workerData: share,
  });
}

export function eInvoiceThreads(): EInvoiceThreads {
  const [syntax, profile] = CHECK_SHARES.map(shareThread) as [ShareThread, ShareThread];
  const both = <T>(each: (thread: ShareThread) => Promise<T>) => Promise.all([each(syntax), each(profile)]);
  const seats = sideSeats("The e-invoice check", "e_invoice");
  return {
    // A getter: a thread that died is started again with a `ready` of its own.
    get ready() {
      return both((thread) => thread.ready).then(([a, b]) => ({
        ruleSets: a.ruleSets + b.ruleSets,
        ms: Math.max(a.ms, b.ms),
      }));
    },
    ask: (body, seat) =>
      seats.run(seat.accountId, seat.share, async () => {
        // Both ended before the seat is given back, even when one failed: a seat is never free while its work runs.
        const [a, b] = await Promise.allSettled([syntax.ask(body), profile.ask(body)]);
        if (a.status === "rejected") throw a.reason;
        if (b.status === "rejected") throw b.reason;
        return combineShares(a.value, b.value);
      }),
    get stats() {
      return seats.stats;
    },
    terminate: () => both((thread) => thread.terminate()).then(() => undefined),
    close: () => both((thread) => thread.close()).then(() => undefined),
  };
}
