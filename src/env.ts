// The Worker's bindings and settings. The Durable Objects' namespaces are typed by what the service asks of them
// (the ports in src/domain/ports, and the render objects' hosts the drivers declare), so this file names no object
// class: the classes implement the ports, and nothing here leads back to the code that builds on these bindings
// (docs/contributing.md#bindings-and-settings).
import type { AccountMeterPort } from "./domain/ports/account-meter";
import type { RateLimiterPort } from "./domain/ports/rate-limiter";
import type { FailureLogPort, RenderGatePort } from "./domain/ports/render-gate";
import type { WebhookDeliveryPort } from "./domain/ports/webhook-delivery";
import type { RenderMessage } from "./domain/renders/enqueue-render";
import type { BrowserHost } from "./render/chromium/browser-rendering-driver";
import type { ContainerHost } from "./render/chromium/container-driver";

/** A Durable Object namespace whose stubs answer the calls of `Port`. */
type ObjectsOf<Port> = DurableObjectNamespace<Port & Rpc.DurableObjectBranded>;

export interface Env {
  DB: D1Database;
  FILES: R2Bucket;
  RENDER_QUEUE: Queue<RenderMessage>;
  METER: ObjectsOf<AccountMeterPort>;
  RATE_LIMITER: ObjectsOf<RateLimiterPort>;
  WEBHOOKS: ObjectsOf<WebhookDeliveryPort>;
  RENDER_GATE: ObjectsOf<RenderGatePort & FailureLogPort>;
  /** The render backend as Cloudflare Containers (production): the Chromium driver whenever it is bound. */
  RENDER_CONTAINER?: ObjectsOf<ContainerHost>;
  /** Cloudflare Browser Rendering; the Chromium driver when neither the containers nor RENDER_BACKEND_URL are there. */
  BROWSER?: Fetcher;
  /** The Browser Rendering sessions, one browser and its reused pages each, that the BROWSER driver renders in. */
  RENDER_BROWSER?: ObjectsOf<BrowserHost>;
  ENVIRONMENT: string;
  PUBLIC_BASE_URL: string;
  INTERNAL_SECRET?: string;
  SIGNING_SECRET?: string;
  PAYLOAD_SECRET?: string;
  /** The secret PAYLOAD_SECRET replaced, kept while certificate keys sealed under it are sealed again. */
  PAYLOAD_SECRET_PREVIOUS?: string;
  /** `npm run dev`'s development CA (base64 of its PEM certificate and key), for `generate` certificates. */
  DEV_SIGNING_CA?: string;
  /** The RFC 3161 time-stamp authority of `B-T` signatures (docs/signing.md); unset, renders sign `B-B` only. */
  SIGN_TSA_URL?: string;
  RENDER_SYNC_MAX_DATA_BYTES: string;
  RENDER_MAX_BATCH_ITEMS: string;
  TRIAL_STARTS_PER_HOUR_TOTAL: string;
  ALLOW_PRIVATE_EGRESS: string;
  WEBHOOK_RETRY_SCALE: string;
  /** The Durable Object location hint of the region that holds D1's primary and the R2 bucket (production). */
  DATA_REGION?: string;
  /** `on` lets a request ask for simulated latency on every binding call (the bench); ignored in production. */
  LATENCY_MODEL?: string;
  /** `true` (set by `npm run dev` alone): webhooks may reach loopback receivers on any port but the service's own. */
  DEV_LOOPBACK_WEBHOOKS?: string;
  /** `off` drops the JSON line per request outside production (`npm run dev`: wrangler prints its own line). */
  REQUEST_LOG?: string;
  /** When set, Chromium work goes to the container render backend at this address. */
  RENDER_BACKEND_URL?: string;
  RENDER_BACKEND_SECRET?: string;
  /** Chromium renders one account may run at once (default 2). */
  RENDER_ACCOUNT_CONCURRENCY?: string;
  RENDER_CONTAINER_INSTANCES?: string;
  RENDER_INSTANCE_CONCURRENCY?: string;
  BROWSER_SESSIONS?: string;
}
