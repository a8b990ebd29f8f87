// The backend's e-invoice checks, answered by two side threads (e-invoice-worker.ts): one runs the syntax's rules
// (XSD, CEN EN 16931), the other the profile's own (Factur-X, XRechnung, Peppol), side by side, so a Factur-X check
// takes the longer of the two, not their sum. SaxonJS busy for a tenth of a second must not hold the prints'
// Chromium traffic either. Each thread loads only the rule sets of its share.
import { CHECK_SHARES, type CheckShare, combineShares, type EInvoiceValidation } from "@folio/e-invoice/validate";
import { JobFailure } from "@folio/render-page/job-failure";
import { SideThread } from "./side-thread.ts";

type Loaded = { ruleSets: number; ms: number };
type ShareThread = SideThread<string, EInvoiceValidation, Loaded>;

/** Takes a `/validate-e-invoice` body (`{xml, standard, profile | cius}`) and answers the rules' verdict. */
export interface EInvoiceThreads {
  /** How many schemas and rule sets the threads loaded, and how long the slower took. */
  readonly ready: Promise<Loaded>;
  ask(body: string): Promise<EInvoiceValidation>;
  /** Kills both threads as a crash would (tests): the checks in flight fail retryable, new threads take the next. */
  terminate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The most one check may hold a thread: a 10-line invoice takes about 60 ms, a 600-line one 1.5 s, the largest (5 MiB
 * of XML, 4,600 lines) about 12 s; the Worker gives up on an answer at 30 s (src/render/chromium/e-invoice-check.ts).
 */
const CHECK_LIMIT_MS = 20_000;

function shareThread(share: CheckShare): ShareThread {
  return new SideThread(
    new URL("./e-invoice-worker.ts", import.meta.url),
    (why) =>
      new JobFailure("render_failed", `The e-invoice check stopped (${why}); retry the render.`, {
        stage: "e_invoice",
        reason: "check_stopped",
        retryable: true,
        transient: true,
      }),
    CHECK_LIMIT_MS,
    share,
  );
}

export function eInvoiceThreads(): EInvoiceThreads {
  const [syntax, profile] = CHECK_SHARES.map(shareThread) as [ShareThread, ShareThread];
  const both = <T>(each: (thread: ShareThread) => Promise<T>) => Promise.all([each(syntax), each(profile)]);
  return {
    // A getter: a thread that died is started again with a `ready` of its own.
    get ready() {
      return both((thread) => thread.ready).then(([a, b]) => ({
        ruleSets: a.ruleSets + b.ruleSets,
        ms: Math.max(a.ms, b.ms),
      }));
    },
    ask: (body) => both((thread) => thread.ask(body)).then(([a, b]) => combineShares(a, b)),
    terminate: () => both((thread) => thread.terminate()).then(() => undefined),
    close: () => both((thread) => thread.close()).then(() => undefined),
  };
}
