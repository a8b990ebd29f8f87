import { buildApp } from "./app";
import type { RenderMessage } from "./domain/renders/enqueue-render";
import type { Env } from "./env";
import { consumeRenders, sweepRenders } from "./queue/consumer";

export { AccountMeter } from "./durable-objects/account-meter";
export { RateLimiter } from "./durable-objects/rate-limiter";
export { RenderBrowser } from "./durable-objects/render-browser";
export { RenderContainer } from "./durable-objects/render-container";
export { RenderGate } from "./durable-objects/render-gate";
export { WebhookDelivery } from "./durable-objects/webhook-delivery";

const app = buildApp();

export default {
  fetch: app.fetch,
  queue: consumeRenders,
  scheduled: (_controller, env, ctx) => ctx.waitUntil(sweepRenders(env)),
} satisfies ExportedHandler<Env, RenderMessage>;
