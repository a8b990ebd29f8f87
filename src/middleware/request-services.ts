import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { LATENCY_MODEL_HEADER } from "../lib/latency-model";
import { buildServices } from "../services";

/**
 * Builds the request's services once, before anything else runs, and puts them on the context: routes and
 * middleware take their database, settings, clock and stubs from `c.var.services`, never from the bindings.
 * Work the answer need not wait for (letting go of a render slot) runs in the request's waitUntil. A development
 * server started with LATENCY_MODEL=on may be asked for the bench's latency model (docs/round-trips.md#latency-model).
 */
export const requestServices = createMiddleware<AppEnv>(async (c, next) => {
  const services = buildServices(c.env, {
    background: (work) => c.executionCtx.waitUntil(work),
    latencyAsked: c.req.header(LATENCY_MODEL_HEADER),
  });
  c.set("services", services);
  const { latency } = services;
  if (!latency) return next();
  await latency.request(async () => {
    await next();
    // A copy: an answer passed through from a binding (a file) may have headers that cannot change.
    c.res = new Response(c.res.body, c.res);
    return c.res.headers;
  });
});
