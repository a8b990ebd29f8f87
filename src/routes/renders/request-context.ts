import type { Context } from "hono";
import type { CreateRenderDeps } from "../../domain/renders/create-render";
import type { Signer } from "../../domain/renders/serialize-render";
import type { AppEnv, Env } from "../../env";
import { config } from "../../lib/config";
import { type RequestScope, renderDeps } from "../../lib/render-deps";
import type { RenderTimings } from "../../lib/render-timings";

export function signer(env: Env): Signer {
  const settings = config(env);
  return { baseUrl: settings.baseUrl, secret: settings.signingSecret() };
}

/** The request's timings, and its waitUntil for what the answer need not wait for. */
export function requestScope(c: Context<AppEnv>, timings: RenderTimings): RequestScope {
  return { timings, background: (work) => c.executionCtx.waitUntil(work) };
}

export function createRenderDeps(env: Env, request: RequestScope = {}): CreateRenderDeps {
  return {
    ...renderDeps(env, request),
    queue: env.RENDER_QUEUE,
    syncMaxDataBytes: config(env).syncMaxDataBytes,
    now: () => new Date().toISOString(),
  };
}

/** Rate limits are counted per API key: one limiter object per key (and a second one for its previews). */
export function rateLimiterFor(env: Env, apiKeyId: string, window: "renders" | "previews" = "renders") {
  return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(window === "renders" ? apiKeyId : `previews:${apiKeyId}`));
}
