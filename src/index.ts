import { buildApp } from "./app";
import type { Env } from "./env";
import { consumeRenders } from "./queue/consumer";

const app = buildApp();

export default {
  fetch: app.fetch,
  queue: consumeRenders,
} satisfies ExportedHandler<Env, never>;
