import { failAbandonedRender, processQueuedRender } from "../domain/renders/process-queued-render";
import type { RenderMessage } from "../domain/renders/enqueue-render";
import type { Env } from "../env";
import { renderDeps } from "../lib/render-deps";

const RETRY_DELAY_SECONDS = 5;
const MAX_DELIVERIES = 6;

/** Renders queued jobs; messages that land on the dead-letter queue close their render as failed. */
export async function consumeRenders(batch: MessageBatch<RenderMessage>, env: Env): Promise<void> {
  const deps = { ...renderDeps(env), now: () => new Date() };
  if (batch.queue.endsWith("-dlq")) {
    for (const message of batch.messages) {
      await failAbandonedRender(message.body.renderId, deps);
      message.ack();
    }
    return;
  }
  await Promise.all(
    batch.messages.map(async (message) => {
      const { outcome } = await processQueuedRender(message.body.renderId, deps, message.attempts >= MAX_DELIVERIES);
      if (outcome === "retry" || outcome === "busy") message.retry({ delaySeconds: RETRY_DELAY_SECONDS });
      else message.ack();
    }),
  );
}
