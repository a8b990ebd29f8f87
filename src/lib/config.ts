import type { Env } from "../env";
import { ServiceError } from "../errors";

const DEV_INTERNAL_SECRET = "dev-internal-secret";
const DEV_SIGNING_SECRET = "dev-signing-secret-not-for-production";

function positiveInteger(raw: string | undefined, fallback: number): number {
  const value = Number(raw);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}

function requiredSecret(value: string | undefined, devValue: string, production: boolean, name: string): string {
  if (value) return value;
  if (production) throw new ServiceError("internal_error", `The service is misconfigured: ${name} is not set.`);
  return devValue;
}

/**
 * The Worker's settings, read from its vars with their documented defaults. In production every
 * development relaxation is off, whatever the vars say, and secrets must be set.
 */
export function config(env: Env) {
  const production = env.ENVIRONMENT === "production";
  return {
    production,
    baseUrl: (env.PUBLIC_BASE_URL || "http://localhost:8787").replace(/\/+$/, ""),
    internalSecret: () => requiredSecret(env.INTERNAL_SECRET, DEV_INTERNAL_SECRET, production, "INTERNAL_SECRET"),
    signingSecret: () => requiredSecret(env.SIGNING_SECRET, DEV_SIGNING_SECRET, production, "SIGNING_SECRET"),
    syncMaxDataBytes: positiveInteger(env.RENDER_SYNC_MAX_DATA_BYTES, 32768),
    maxBatchItems: positiveInteger(env.RENDER_MAX_BATCH_ITEMS, 50),
    allowPrivateEgress: !production && env.ALLOW_PRIVATE_EGRESS === "true",
    renderBackendUrl: env.RENDER_BACKEND_URL || null,
    renderBackendSecret: () => requiredSecret(env.RENDER_BACKEND_SECRET, "dev-render-backend-secret", production, "RENDER_BACKEND_SECRET"),
    webhookRetryScale: production ? 1 : Number(env.WEBHOOK_RETRY_SCALE) > 0 ? Number(env.WEBHOOK_RETRY_SCALE) : 1,
  };
}
