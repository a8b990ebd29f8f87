// What a request carries through Hono's middleware and routes: the bindings and the values middleware sets.
import type { Context } from "hono";
import type { AccountRow } from "./db/schema";
import type { Env } from "./env";
import type { RenderTimings } from "./lib/render-timings";
import type { Services } from "./services";

/** What a request's log line says about the render it answered with. */
export interface RenderFacts {
  id: string;
  engine: string;
  pages: number | null;
  cached: boolean;
}

export interface Variables {
  requestId: string;
  /** The parsed JSON body of a POST/PATCH; undefined when the body was empty. */
  body: unknown;
  account: AccountRow;
  apiKeyId: string;
  /** What the request's work needs, built once per request (src/services.ts, src/middleware/request-services.ts). */
  services: Services;
  /** Set by render routes: the phases of the render (Server-Timing, the request log). */
  timings?: RenderTimings;
  /** Set by routes that answer with a render: what the request log says about it. */
  render?: RenderFacts;
}

export type AppEnv = { Bindings: Env; Variables: Variables };

/** Called by a route that answers with a render, so its request's log line (src/middleware/request-log.ts) names it. */
export function noteRender(
  c: Context<AppEnv>,
  render: { id: string; engine: string; pageCount: number | null; cached: boolean },
): void {
  c.set("render", { id: render.id, engine: render.engine, pages: render.pageCount, cached: render.cached });
}
