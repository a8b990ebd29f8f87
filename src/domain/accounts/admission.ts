import type { AccountRow } from "../../db/schema";
import { ServiceError } from "../../errors";
import type { RateDecision, RateLimiterPort } from "../ports/rate-limiter";
import { effectiveLimits, onFreeTerms, RATE_WINDOW_SECONDS } from "./plans";

/**
 * Previews have a window of their own per key: the studio previews as the user types, and that must not eat renders.
 */
export const PREVIEWS_PER_MINUTE = 30;

/**
 * A free-plan or trial account's previews in a day, all its keys together (docs/limits.md#previews): its keys' windows
 * alone would let it preview around the clock for nothing.
 */
export const FREE_PREVIEWS_PER_DAY = 300;
const DAY_SECONDS = 86_400;

/** A rate window as its refusal names it (`details.limit_name`). */
interface RateWindow {
  name:
    | "renders_per_minute"
    | "previews_per_minute"
    | "previews_per_day"
    | "webhook_sends_per_minute"
    | "certificate_uploads_per_minute";
  limit: number;
  seconds: number;
  /** Who is counted and how often, for the refusal's message: "with this API key: the limit is 30 a minute". */
  counted: (limit: number) => string;
}

const perKeyMinute = (limit: number) => `with this API key: the limit is ${limit} a minute`;

/** A window of `limit` a minute per API key. */
const minuteWindow = (name: RateWindow["name"], limit: number): RateWindow => ({
  name,
  limit,
  seconds: RATE_WINDOW_SECONDS,
  counted: perKeyMinute,
});

/** The 429 `rate_limited` of a refused `window`, with its Retry-After. */
function refusal(decision: RateDecision, units: number, window: RateWindow, what: string): ServiceError {
  return new ServiceError(
    "rate_limited",
    `Too many ${what} ${window.counted(decision.limit)}. Retry after ${decision.resetSeconds} s.`,
    {
      details: {
        limit_name: window.name,
        limit: decision.limit,
        window_seconds: window.seconds,
        requested: units,
        retry_after_seconds: decision.resetSeconds,
      },
      retryAfterSeconds: decision.resetSeconds,
      rate: decision,
    },
  );
}

/** Takes `units` from `limiter`'s `window`, or refuses with 429 `rate_limited`. */
async function take(limiter: RateLimiterPort, units: number, window: RateWindow, what: string): Promise<RateDecision> {
  const decision = await limiter.take(units, window.limit, window.seconds);
  if (decision.allowed) return decision;
  throw refusal(decision, units, window, what);
}

/** A suspended account renders nothing (403), previews included. */
function refuseSuspended(account: AccountRow): void {
  if (account.status !== "suspended") return;
  throw new ServiceError(
    "permission_error",
    "This account is suspended and cannot render. Reads still work; contact support to reactivate it.",
    { details: { status: "suspended" } },
  );
}

/**
 * `error` with the rate window its request was counted in, when admission passed, so its answer says where the caller
 * stands.
 */
export async function countedIn(error: unknown, admitting: Promise<RateDecision>): Promise<unknown> {
  const rate = await admitting.catch(() => undefined);
  if (rate && error instanceof ServiceError && !error.extra.rate) error.extra.rate = rate;
  return error;
}

/** The gate in front of every render: `renders_per_minute` per key, a batch asking one unit per item. */
export async function admitRenders(
  account: AccountRow,
  limiter: RateLimiterPort,
  units: number,
): Promise<RateDecision> {
  refuseSuspended(account);
  const window: RateWindow = {
    name: "renders_per_minute",
    limit: effectiveLimits(account).rendersPerMinute,
    seconds: RATE_WINDOW_SECONDS,
    counted: perKeyMinute,
  };
  return take(limiter, units, window, "renders started");
}

/**
 * Webhook test events and resends, together: WEBHOOK_SENDS_PER_MINUTE per key (docs/webhooks.md#limits), so a key
 * cannot turn the service into a sender of signed requests.
 */
export const WEBHOOK_SENDS_PER_MINUTE = 10;

/** The gate in front of a test event or a resend. */
export async function admitWebhookSend(account: AccountRow, limiter: RateLimiterPort): Promise<RateDecision> {
  refuseSuspended(account);
  const window = minuteWindow("webhook_sends_per_minute", WEBHOOK_SENDS_PER_MINUTE);
  return take(limiter, 1, window, "webhook test events and resends");
}

/** Certificate uploads a minute per key (docs/signing.md#certificates): each unpacks a file and derives keys. */
export const CERTIFICATE_UPLOADS_PER_MINUTE = 10;

/** The gate in front of a certificate upload: paid plans only, then the key's window. */
export async function admitCertificateUpload(account: AccountRow, limiter: RateLimiterPort): Promise<RateDecision> {
  refuseSuspended(account);
  if (onFreeTerms(account))
    throw new ServiceError(
      "permission_error",
      "Signing certificates need a paid plan; free and trial accounts hold none.",
      { details: { plan: account.plan, trial: account.trial } },
    );
  const window = minuteWindow("certificate_uploads_per_minute", CERTIFICATE_UPLOADS_PER_MINUTE);
  return take(limiter, 1, window, "certificate uploads");
}

/** Where free work is counted: the key's preview window, and a free or trial account's day. */
export interface PreviewLimiters {
  limiter(apiKeyId: string, window: "previews"): RateLimiterPort;
  previewDay(accountId: string): RateLimiterPort;
}

/**
 * The gate in front of every preview, and of the free work that costs like one (validate; create and publish of a
 * template that makes an e-invoice, whose example is checked with the official rules): PREVIEWS_PER_MINUTE per key,
 * counted apart from renders, and FREE_PREVIEWS_PER_DAY per free-plan or trial account (docs/limits.md#previews).
 */
export async function admitPreview(
  caller: { account: AccountRow; apiKeyId: string },
  limiters: PreviewLimiters,
): Promise<RateDecision> {
  const { account, apiKeyId } = caller;
  refuseSuspended(account);
  const what = "previews (validate, and saving an e-invoice template, count as previews)";
  const minute: RateWindow = {
    name: "previews_per_minute",
    limit: PREVIEWS_PER_MINUTE,
    seconds: RATE_WINDOW_SECONDS,
    counted: perKeyMinute,
  };
  const perKey = limiters.limiter(apiKeyId, "previews");
  if (!onFreeTerms(account)) return take(perKey, 1, minute, what);
  const day: RateWindow = {
    name: "previews_per_day",
    limit: FREE_PREVIEWS_PER_DAY,
    seconds: DAY_SECONDS,
    counted: (limit) => `for this account today: a free or trial account has ${limit} a day, all its keys together`,
  };
  // Both windows are asked at once (one round trip); a preview one of them refuses is given back to the other.
  const daily = limiters.previewDay(account.id);
  const [inMinute, inDay] = await Promise.all([
    perKey.take(1, minute.limit, minute.seconds),
    daily.take(1, day.limit, day.seconds),
  ]);
  if (inMinute.allowed && inDay.allowed) return inMinute;
  if (inMinute.allowed) await perKey.giveBack(1, inMinute.windowStartedAt);
  if (inDay.allowed) await daily.giveBack(1, inDay.windowStartedAt);
  throw inMinute.allowed ? refusal(inDay, 1, day, what) : refusal(inMinute, 1, minute, what);
}

/**
 * The preview gate asked at most once for one request, however often its work asks: a publish that retries, or
 * several e-invoice checks, count as one preview.
 */
export function previewAdmission(
  caller: { account: AccountRow; apiKeyId: string },
  limiters: PreviewLimiters,
): () => Promise<RateDecision> {
  let admitted: Promise<RateDecision> | undefined;
  return () => {
    admitted ??= admitPreview(caller, limiters);
    return admitted;
  };
}
