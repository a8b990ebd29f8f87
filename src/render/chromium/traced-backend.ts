// The render backend as the latency model sees it (docs/round-trips.md#latency-model): every call a request's work
// makes to it goes through the request's trace.
import type { LatencyTrace } from "../../lib/latency-model";
import type { ChunkedPrinter, RenderBackend } from "./driver";

type Work<A extends unknown[], R> = (...args: A) => Promise<R>;

/**
 * The backend with each capability it has wrapped, one by one, so none is lost under the model and one it lacks stays
 * null; a new capability of the port does not compile here until it is traced too. The probes (`health`, `stats`) are
 * cheap, asked of every /healthz and never on a request's path: they are left as they are.
 */
export function tracedBackend(backend: RenderBackend, trace: LatencyTrace): RenderBackend {
  const traced =
    <A extends unknown[], R>(name: string, work: Work<A, R>): Work<A, R> =>
    (...args) =>
      trace.call("backend", name, () => work(...args));
  const { chunks, eInvoices, pageImages, accessibility } = backend;
  return {
    name: backend.name,
    print: traced("render", (job) => backend.print(job)),
    chunks: chunks && {
      open(accountId): ChunkedPrinter {
        const printer = chunks.open(accountId);
        return {
          print: traced("chunk-print", (job) => printer.print(job)),
          join: traced("chunk-join", (job) => printer.join(job)),
          drop: traced("chunk-drop", (session) => printer.drop(session)),
        };
      },
    },
    eInvoices: eInvoices && { check: traced("checkEInvoice", (check, seat) => eInvoices.check(check, seat)) },
    pageImages: pageImages && { firstPage: traced("firstPageImage", (pdf, seat) => pageImages.firstPage(pdf, seat)) },
    accessibility: accessibility && {
      mendAndCheck: traced("mendAndCheckPdfUa", (pdf, options, seat) => accessibility.mendAndCheck(pdf, options, seat)),
    },
    health: () => backend.health(),
    stats: () => backend.stats(),
  };
}
