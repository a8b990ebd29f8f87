import type { Env } from "../env";
import { ServiceError } from "../errors";

const LOCATION_HINTS: ReadonlySet<string> = new Set([
  "wnam",
  "enam",
  "sam",
  "weur",
  "eeur",
  "apac",
  "apac-ne",
  "apac-se",
  "oc",
  "afr",
  "me",
]);

/** A Durable Object location hint, or undefined (the object starts near its first caller). */
function locationHint(raw: string | undefined): DurableObjectLocationHint | undefined {
  return raw && LOCATION_HINTS.has(raw) ? (raw as DurableObjectLocationHint) : undefined;
}

function positiveInteger(raw: string | undefined, fallback: number): number {
  const value = Number(raw);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}

/**
 * A secret has no built-in value anywhere: a constant in the source would let anyone who reads it forge
 * signed links or internal calls of every server left on it. `npm run dev` generates them per local state.
 */
function requiredSecret(value: string | undefined, name: string): string {
  if (value) return value;
  throw new ServiceError(
    "internal_error",
    `The service is misconfigured: ${name} is not set (\`npm run dev\` generates one; in production, ` +
      `\`wrangler secret put ${name}\`).`,
  );
}

/**
 * The Worker's settings, read from its vars with their documented defaults. In production every
 * development relaxation is off, whatever the vars say. Secrets must be set in every environment.
 */
export function config(env: Env) {
  const production = env.ENVIRONMENT === "production";
  return {
    production,
    baseUrl: (env.PUBLIC_BASE_URL || "http://localhost:8787").replace(/\/+$/, ""),
    internalSecret: () => requiredSecret(env.INTERNAL_SECRET, "INTERNAL_SECRET"),
    signingSecret: () => requiredSecret(env.SIGNING_SECRET, "SIGNING_SECRET"),
    /** Seals a queued render's passwords and keys the digests of stored ones (src/lib/payload-keys.ts). */
    payloadSecret: () => requiredSecret(env.PAYLOAD_SECRET, "PAYLOAD_SECRET"),
    /** The secret before a rotation: it still opens certificate keys sealed under it (docs/signing.md#keys). */
    payloadSecretPrevious: env.PAYLOAD_SECRET_PREVIOUS || null,
    /** `npm run dev`'s local CA, which issues `generate` certificates (docs/signing.md#development); never in production. */
    devSigningCa: production ? null : env.DEV_SIGNING_CA || null,
    /** The time-stamp authority `B-T` signatures call; null: `B-T` is refused at `options.sign.level`. */
    signTsaUrl: env.SIGN_TSA_URL || null,
    /** A signature's level when `options.sign.level` is left out: `B-T` wherever an authority is set. */
    defaultSignLevel: env.SIGN_TSA_URL ? ("B-T" as const) : ("B-B" as const),
    syncMaxDataBytes: positiveInteger(env.RENDER_SYNC_MAX_DATA_BYTES, 32768),
    maxBatchItems: positiveInteger(env.RENDER_MAX_BATCH_ITEMS, 50),
    /** Keyless trials the whole deployment starts in an hour, whatever addresses they come from. */
    trialStartsPerHourTotal: positiveInteger(env.TRIAL_STARTS_PER_HOUR_TOTAL, 200),
    allowPrivateEgress: !production && env.ALLOW_PRIVATE_EGRESS === "true",
    /** `npm run dev`'s webhooks to a receiver on this machine (src/domain/webhooks/webhook-egress.ts). */
    loopbackWebhooks: !production && env.DEV_LOOPBACK_WEBHOOKS === "true",
    renderBackendUrl: env.RENDER_BACKEND_URL || null,
    renderBackendSecret: () => requiredSecret(env.RENDER_BACKEND_SECRET, "RENDER_BACKEND_SECRET"),
    /** Chromium renders one account may run at once across the service; the rest of its renders wait their turn. */
    accountConcurrency: positiveInteger(env.RENDER_ACCOUNT_CONCURRENCY, 2),
    /** How many render backend containers the Worker spreads jobs over (no more than `max_instances`). */
    renderInstances: positiveInteger(env.RENDER_CONTAINER_INSTANCES, 3),
    /** Pages one Chromium renders at once: a render backend container's, or a Browser Rendering session's. */
    instanceConcurrency: positiveInteger(env.RENDER_INSTANCE_CONCURRENCY, 4),
    /** How many Browser Rendering sessions (each a browser) the Worker spreads jobs over. */
    browserSessions: positiveInteger(env.BROWSER_SESSIONS, 2),
    /** The JSON line per request (Workers Logs); only a development server may go without it. */
    requestLog: production || env.REQUEST_LOG !== "off",
    /**
     * Where the account's Durable Objects and the render containers are created: the region of D1's primary and the
     * R2 bucket, so a Worker placed next to them finds every call local (docs/round-trips.md#topology).
     */
    dataRegion: locationHint(env.DATA_REGION),
    /** The bench's latency model (src/lib/latency-model.ts): a development server's requests may ask for it. */
    latencyModel: !production && env.LATENCY_MODEL === "on",
    webhookRetryScale: production ? 1 : Number(env.WEBHOOK_RETRY_SCALE) > 0 ? Number(env.WEBHOOK_RETRY_SCALE) : 1,
  };
}

export type Config = ReturnType<typeof config>;
