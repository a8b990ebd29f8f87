import { sweepExpiredKeys } from "../domain/idempotency/idempotency-keys";
import type { RenderMessage } from "../domain/renders/enqueue-render";
import { failAbandonedRender, processQueuedRender } from "../domain/renders/process-queued-render";
import { sweepStuckRenders } from "../domain/renders/sweep-stuck-renders";
import type { Env } from "../env";
import { renderDeps } from "../lib/render-deps";

const RETRY_DELAY_SECONDS = 5;
const MAX_DELIVERIES = 6;

/** Hands a finished render's webhook to its Durable Object; starting twice is harmless. */
function startWebhook(env: Env, renderId: string): Promise<void> {
  return env.WEBHOOKS.get(env.WEBHOOKS.idFromName(renderId)).start(renderId);
}

/** Renders queued jobs; messages that land on the dead-letter queue close their render as failed. */
export async function consumeRenders(batch: MessageBatch<RenderMessage>, env: Env): Promise<void> {
  const deps = { ...renderDeps(env), now: () => new Date() };
  if (batch.queue.endsWith("-dlq")) {
    for (const message of batch.messages) {
      const render = await failAbandonedRender(message.body.renderId, deps);
      if (render?.webhookUrl) await startWebhook(env, render.id);
      message.ack();
    }
    return;
  }
  await Promise.all(
    batch.messages.map(async (message) => {
      const { outcome, render } = await processQueuedRender(
        message.body.renderId,
        deps,
        message.attempts >= MAX_DELIVERIES,
      );
      if (render?.webhookUrl) await startWebhook(env, render.id);
      if (outcome === "retry" || outcome === "busy") message.retry({ delaySeconds: RETRY_DELAY_SECONDS });
      else message.ack();
    }),
  );
}

/** The cron trigger: queued renders stuck past their time are closed as failed, with their webhooks; old idempotency keys go. */
export async function sweepRenders(env: Env): Promise<void> {
  const deps = { ...renderDeps(env), now: () => new Date() };
  const closed = await sweepStuckRenders(deps);
  await Promise.all([
    ...closed.filter((render) => render.webhookUrl).map((render) => startWebhook(env, render.id)),
    sweepExpiredKeys(deps.db, deps.now()),
  ]);
}
