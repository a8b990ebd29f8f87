import type { EgressPolicy } from "@folio/render-page/egress-policy";
import { type Database, database, replicaDatabase } from "./db/client";
import type { MeterStub } from "./domain/accounts/metering";
import type { TrialLimiters } from "./domain/accounts/start-trial";
import { trialLimiters } from "./domain/accounts/start-trial";
import { signingKeys } from "./domain/certificates/signing-keys";
import type { RateLimiterPort } from "./domain/ports/rate-limiter";
import type { SigningKeysPort } from "./domain/ports/signing-keys";
import type { TimeStampsPort } from "./domain/ports/time-stamps";
import type { RenderMessage } from "./domain/renders/enqueue-render";
import type { Background, CapacitySettings, GateStub } from "./domain/renders/render-capacity";
import type { Signer } from "./domain/renders/serialize-render";
import { timeStampEgress, timeStamps } from "./domain/time-stamps/time-stamps";
import type { Env } from "./env";
import { type Clock, systemClock } from "./lib/clock";
import { type Config, config } from "./lib/config";
import { LatencyTrace, parseLatencyModel } from "./lib/latency-model";
import { tracedEnv } from "./lib/latency-traced";
import { type PayloadKeys, payloadKeys } from "./lib/payload-keys";
import type { PhaseRecorder } from "./lib/render-timings";
import type { RenderBackend } from "./render/chromium/driver";
import { renderBackendName, selectRenderBackend } from "./render/chromium/select-driver";
import { tracedBackend } from "./render/chromium/traced-backend";

/** How long a render waits for one of its account's Chromium slots: about two full-length renders. */
const SLOT_WAIT_MS = 60_000;

/** The rate windows of an API key, counted apart: renders, the studio's previews, and webhook tests and resends. */
export type RateWindow = "renders" | "previews" | "webhook-sends" | "certificate-uploads";

/**
 * What a request lends the work it starts: where the time goes, and its waitUntil for what the answer need not wait
 * for.
 */
export interface RequestScope {
  timings?: PhaseRecorder;
  background?: Background;
  /** The request's ask for the bench's latency model (its header), heard only where the settings allow it. */
  latencyAsked?: string | undefined;
}

/**
 * Everything the service's work needs from its environment, built in one place: the request middleware, the
 * queue consumer, the cron trigger and the Durable Objects all start from `buildServices`, and nothing below
 * them reads a binding or a variable itself.
 */
export interface Services extends RequestScope {
  /** Set when the request asked for the bench's latency model: every binding call goes through it. */
  latency?: LatencyTrace;
  config: Config;
  db: Database;
  /** A D1 session that a replica near the caller may answer; built on first use (docs/round-trips.md#replica-reads). */
  replica: () => Database;
  files: R2Bucket;
  queue: Queue<RenderMessage>;
  clock: Clock;
  baseUrl: string;
  /** Which Chromium driver this environment renders with (null: none configured). */
  renderer: RenderBackend["name"] | null;
  /** The Chromium driver, chosen and built on first use: most requests never render with Chromium. */
  chromium: () => RenderBackend;
  egress: EgressPolicy;
  /** The account's meter: one Durable Object per account. */
  meter(accountId: string): MeterStub;
  /** The account's render gate: its share of Chromium slots. */
  gate(accountId: string): GateStub;
  capacity: CapacitySettings;
  /** Rate limits are counted per API key: one limiter object per key and window. */
  limiter(apiKeyId: string, window?: RateWindow): RateLimiterPort;
  /** A free or trial account's previews of the day, all its keys together: one limiter object per account. */
  previewDay(accountId: string): RateLimiterPort;
  /** Deliveries of every kind to one host, for the whole deployment: one limiter object per host. */
  webhookHost(host: string): RateLimiterPort;
  /** The delivery of one render's webhook: one Durable Object per render, so starting it twice is harmless. */
  webhook(renderId: string): ReturnType<Env["WEBHOOKS"]["get"]>;
  /** The limiters a keyless trial start from this client address must pass. */
  trialLimiters(clientAddress: string): TrialLimiters;
  /** Signs file links; reading it needs SIGNING_SECRET, so it is asked for only where a link is made. */
  signer(): Signer;
  /** Seal and digest what must not be stored in plain text (derived once per secret). */
  keys: PayloadKeys;
  /** The account's signing certificates, their keys opened from their seals for one request (docs/signing.md#keys). */
  signingKeys: SigningKeysPort;
  /**
   * B-T's RFC 3161 tokens from SIGN_TSA_URL: `stamp({accountId, signature, digest})` answers a checked token and the
   * receipt's facts, within the authority's bounds (8 calls at once, 2 per account, a breaker); a failure is
   * `render_failed` stage "signature", retryable (docs/limits.md#time-stamps). Null where SIGN_TSA_URL is not set:
   * B-T is then refused at `options.sign.level` before anything renders.
   */
  timeStamps: TimeStampsPort | null;
}

export function buildServices(plainEnv: Env, scope: RequestScope = {}): Services {
  const settings = config(plainEnv);
  const model = settings.latencyModel ? parseLatencyModel(scope.latencyAsked) : null;
  const trace = model ? new LatencyTrace(model) : undefined;
  const env = trace ? tracedEnv(plainEnv, trace) : plainEnv;
  let driver: RenderBackend | undefined;
  let replica: Database | undefined;
  // Every object is created in the data's region (a hint counts only when an object is first made).
  const hint = settings.dataRegion ? { locationHint: settings.dataRegion } : undefined;
  return {
    config: settings,
    db: database(env.DB),
    replica: () => {
      replica ??= replicaDatabase(env.DB);
      return replica;
    },
    files: env.FILES,
    queue: env.RENDER_QUEUE,
    clock: systemClock,
    baseUrl: settings.baseUrl,
    renderer: renderBackendName(env, settings),
    chromium: () => {
      driver ??= trace ? tracedBackend(selectRenderBackend(env, settings), trace) : selectRenderBackend(env, settings);
      return driver;
    },
    egress: { allowHttp: false, allowPrivate: settings.allowPrivateEgress },
    meter: (accountId) => env.METER.get(env.METER.idFromName(accountId), hint),
    gate: (accountId) => env.RENDER_GATE.get(env.RENDER_GATE.idFromName(accountId), hint),
    capacity: { perAccount: settings.accountConcurrency, maxWaitMs: SLOT_WAIT_MS },
    limiter: (apiKeyId, window = "renders") =>
      env.RATE_LIMITER.get(
        env.RATE_LIMITER.idFromName(window === "renders" ? apiKeyId : `${window}:${apiKeyId}`),
        hint,
      ),
    previewDay: (accountId) => env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`preview-day:${accountId}`), hint),
    webhookHost: (host) => env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`webhook-host:${host}`), hint),
    webhook: (renderId) => env.WEBHOOKS.get(env.WEBHOOKS.idFromName(renderId), hint),
    trialLimiters: (clientAddress) =>
      trialLimiters(
        (name) => env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(name)),
        clientAddress,
        settings.trialStartsPerHourTotal,
      ),
    signer: () => ({ baseUrl: settings.baseUrl, secret: settings.signingSecret() }),
    keys: payloadKeys(settings.payloadSecret),
    signingKeys: signingKeys(database(env.DB), {
      current: settings.payloadSecret,
      previous: settings.payloadSecretPrevious,
    }),
    timeStamps: settings.signTsaUrl
      ? timeStamps({
          url: settings.signTsaUrl,
          egress: timeStampEgress(settings),
          gate: (name) => env.RENDER_GATE.get(env.RENDER_GATE.idFromName(name), hint),
          clock: systemClock,
        })
      : null,
    ...scope,
    ...(trace ? { latency: trace } : {}),
  };
}
