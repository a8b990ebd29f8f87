import { buildApp } from "./app";
import type { Env } from "./env";
import { consumeRenders } from "./queue/consumer";

export { AccountMeter } from "./durable-objects/account-meter";
export { RateLimiter } from "./durable-objects/rate-limiter";
export { WebhookDelivery } from "./durable-objects/webhook-delivery";

const app = buildApp();

export default {
  fetch: app.fetch,
  queue: consumeRenders,
} satisfies ExportedHandler<Env, never>;
