import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { buildServices } from "../services";

/**
 * Builds the request's services once, before anything else runs, and puts them on the context: routes and
 * middleware take their database, settings, clock and stubs from `c.var.services`, never from the bindings.
 * Work the answer need not wait for (letting go of a render slot) runs in the request's waitUntil.
 */
export const services = createMiddleware<AppEnv>(async (c, next) => {
  c.set("services", buildServices(c.env, { background: (work) => c.executionCtx.waitUntil(work) }));
  await next();
});
