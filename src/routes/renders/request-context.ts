import type { Env } from "../../env";
import type { CreateRenderDeps } from "../../domain/renders/create-render";
import type { Signer } from "../../domain/renders/serialize-render";
import { config } from "../../lib/config";
import { renderDeps } from "../../lib/render-deps";
import type { PhaseRecorder } from "../../lib/render-timings";

export function signer(env: Env): Signer {
  const settings = config(env);
  return { baseUrl: settings.baseUrl, secret: settings.signingSecret() };
}

export function createRenderDeps(env: Env, timings?: PhaseRecorder): CreateRenderDeps {
  return { ...renderDeps(env, timings), queue: env.RENDER_QUEUE, syncMaxDataBytes: config(env).syncMaxDataBytes, now: () => new Date().toISOString() };
}

/** Rate limits are counted per API key: one limiter object per key (and a second one for its previews). */
export function rateLimiterFor(env: Env, apiKeyId: string, window: "renders" | "previews" = "renders") {
  return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(window === "renders" ? apiKeyId : `previews:${apiKeyId}`));
}
