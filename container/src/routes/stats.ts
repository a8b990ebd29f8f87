// GET /stats: the counters and memory, for the Worker's /healthz?detail=1.
import { BACKEND_ROUTES } from "@folio/render-page/backend-http-surface";
import type { RouteHandler } from "../backend-context.ts";
import { send } from "../backend-http.ts";
import { processTreeMemory } from "../process-memory.ts";

export const statsRoute: RouteHandler = {
  route: BACKEND_ROUTES.stats,
  async handle(_req, res, { pool, side }) {
    // Walks /proc, so it is kept off /healthz, which the Worker probes on every health check.
    const memory = processTreeMemory();
    send(res, 200, {
      ...pool.stats,
      ...side.stats,
      memory_bytes: memory.bytes,
      processes: memory.processes,
      node_rss_bytes: process.memoryUsage().rss,
    });
  },
};
