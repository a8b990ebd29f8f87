import { sweepExpiredKeys } from "../domain/idempotency/idempotency-keys";
import type { RenderMessage } from "../domain/renders/enqueue-render";
import { failAbandonedRender, processQueuedRender } from "../domain/renders/process-queued-render";
import { sweepStuckRenders } from "../domain/renders/sweep-stuck-renders";
import type { Env } from "../env";
import { buildServices } from "../services";

const RETRY_DELAY_SECONDS = 5;
const MAX_DELIVERIES = 6;

/** Renders queued jobs; messages that land on the dead-letter queue close their render as failed. */
export async function consumeRenders(batch: MessageBatch<RenderMessage>, env: Env): Promise<void> {
  const services = buildServices(env);
  // Starting a render's webhook twice is harmless: its Durable Object delivers once.
  const startWebhook = (renderId: string) => services.webhook(renderId).start(renderId);
  if (batch.queue.endsWith("-dlq")) {
    for (const message of batch.messages) {
      const render = await failAbandonedRender(message.body.renderId, services);
      if (render?.webhookUrl) await startWebhook(render.id);
      message.ack();
    }
    return;
  }
  await Promise.all(
    batch.messages.map(async (message) => {
      const { outcome, render } = await processQueuedRender(
        message.body.renderId,
        services,
        message.attempts >= MAX_DELIVERIES,
      );
      if (render?.webhookUrl) await startWebhook(render.id);
      if (outcome === "retry" || outcome === "busy") message.retry({ delaySeconds: RETRY_DELAY_SECONDS });
      else message.ack();
    }),
  );
}

/**
 * The cron trigger: queued renders stuck past their time are closed as failed, with their webhooks; old idempotency
 * keys go.
 */
export async function sweepRenders(env: Env): Promise<void> {
  const services = buildServices(env);
  const closed = await sweepStuckRenders(services);
  await Promise.all([
    ...closed.filter((render) => render.webhookUrl).map((render) => services.webhook(render.id).start(render.id)),
    sweepExpiredKeys(services.db, services.clock.now()),
  ]);
}
