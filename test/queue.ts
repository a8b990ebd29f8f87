import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../src/index";

/**
 * Hands a queued render's message to the Worker's queue consumer, as its `attempts`th delivery, and waits for the
 * outcome.
 */
export async function deliver(renderId: string, attempts = 1) {
  const batch = createMessageBatch("folio-renders", [
    { id: `m-${renderId}-${attempts}`, timestamp: new Date(), attempts, body: { renderId } },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch as never, env);
  return getQueueResult(batch, ctx);
}
