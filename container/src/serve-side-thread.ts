// The thread's side of a side thread (side-thread.ts): the scripts its threads run (e-invoice-worker.ts,
// page-image-worker.ts) answer each job with this.
import { parentPort, type Transferable } from "node:worker_threads";
import { JobFailure, type WireFailure } from "@folio/render-page/job-failure";

/**
 * The thread's side: says `ready`, then answers each job with `handle`'s result, or with the failure it threw: a
 * JobFailure as it is, anything else as `failure` (Folio's words), its own message in the log.
 */
export function serveSideThread<In, Out>(
  ready: unknown,
  handle: (input: In) => Out | Promise<Out>,
  failure: WireFailure,
  transferOf: (result: Out) => Transferable[] = () => [],
): void {
  const port = parentPort;
  if (!port) throw new Error("serveSideThread runs in a worker thread");
  port.postMessage({ ready });
  port.on("message", async (input: In) => {
    try {
      const result = await handle(input);
      port.postMessage({ result }, transferOf(result));
    } catch (error) {
      if (error instanceof JobFailure)
        return port.postMessage({ failure: { type: error.type, message: error.message, details: error.details } });
      console.error(`render backend: ${failure.message} ${(error as Error).stack ?? error}`);
      port.postMessage({ failure });
    }
  });
}
