import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";

/**
 * One JSON line per request on the console (Workers Logs indexes each field): who asked, what route, how it
 * ended and how long it took, and for a render its id, engine, Chromium driver, pages, whether the cache
 * answered and where its time went, which render answers also carry as `Server-Timing`. A development server
 * may go without it (`REQUEST_LOG=off`, as `npm run dev` runs): under `wrangler dev` each line travels through the
 * inspector to wrangler's proxy and on to Node, about 3 ms of CPU a request, for a terminal that shows wrangler's own.
 */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = performance.now();
  await next();
  const timings = c.get("timings");
  const phases = timings?.header();
  if (phases) c.res.headers.set("server-timing", phases);
  if (!c.var.services.config.requestLog) return;
  const render = c.get("render");
  console.log(
    JSON.stringify({
      level: "info",
      message: "request",
      request_id: c.get("requestId"),
      account_id: c.get("account")?.id ?? null,
      method: c.req.method,
      route: c.req.routePath,
      status: c.res.status,
      duration_ms: Math.round(performance.now() - started),
      render_id: render?.id ?? null,
      engine: render?.engine ?? null,
      // The driver that rendered it: none for a cache hit or a Satori PNG.
      driver: render && !render.cached && render.engine === "chromium" ? c.var.services.renderer : null,
      pages: render?.pages ?? null,
      cache_hit: render ? render.cached : null,
      timings: timings?.toJSON() ?? null,
    }),
  );
});
