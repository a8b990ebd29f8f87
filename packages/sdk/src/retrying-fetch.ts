export interface RetryPolicy {
  /** Tries of one request in all, the first included. */
  attempts: number;
  /** A `Retry-After` longer than this many seconds is not waited for: the answer is returned as it is. */
  maxRetryAfterSeconds: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, maxRetryAfterSeconds: 60 };

/**
 * The POSTs that take an `Idempotency-Key` (docs/requests.md#idempotency-key), matched on the end of the path so a base
 * path is allowed.
 */
const KEYED_POSTS = [/\/v1\/render$/, /\/v1\/render\/batch$/, /\/v1\/templates$/, /\/v1\/templates\/[^/]+\/versions$/];
const GATEWAY_STATUSES = new Set([502, 503, 504]);

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Exponential backoff with jitter: about 0.5 s, 1 s, 2 s ... at most 8 s. */
export function backoffMs(attempt: number): number {
  return Math.min(500 * 2 ** (attempt - 1), 8000) * (0.5 + Math.random() / 2);
}

function acceptsIdempotencyKey(request: Request): boolean {
  return request.method === "POST" && KEYED_POSTS.some((path) => path.test(new URL(request.url).pathname));
}

/** Seconds of a `Retry-After` header (delta seconds or an HTTP date), or null when there is none. */
export function retryAfterSeconds(response: Response): number | null {
  const header = response.headers.get("retry-after");
  if (header === null) return null;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, seconds) : null;
}

async function isKeyInUse(response: Response): Promise<boolean> {
  if (response.status !== 409) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: { details?: { code?: unknown } } } | null;
  return body?.error?.details?.code === "idempotency_key_in_use";
}

/**
 * How long to wait before trying again, or null to give this answer back. A 429 is retried whatever the
 * method (the rate-limited request never ran, and the service keeps no answer for it); a 409
 * `idempotency_key_in_use` waits for the first request; gateway errors only where a repeat is harmless.
 */
async function retryDelayMs(
  response: Response,
  attempt: number,
  safeToRepeat: boolean,
  policy: RetryPolicy,
): Promise<number | null> {
  if (response.status === 429 || (await isKeyInUse(response))) {
    const seconds = retryAfterSeconds(response);
    if (seconds === null) return backoffMs(attempt);
    return seconds <= policy.maxRetryAfterSeconds ? seconds * 1000 : null;
  }
  return safeToRepeat && GATEWAY_STATUSES.has(response.status) ? backoffMs(attempt) : null;
}

/**
 * A fetch for openapi-fetch that gives each keyed POST an `Idempotency-Key` (unless the caller set one) and
 * sends that same key on every retry, so a repeat after a lost answer replays instead of rendering twice.
 * Network failures are retried only for GETs and keyed POSTs, the requests a repeat cannot duplicate.
 */
export function retryingFetch(
  fetchImpl: (request: Request) => Promise<Response>,
  policy: RetryPolicy,
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (acceptsIdempotencyKey(request) && !request.headers.has("idempotency-key"))
      request.headers.set("idempotency-key", crypto.randomUUID());
    const safeToRepeat = request.method === "GET" || request.headers.has("idempotency-key");
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = await fetchImpl(request.clone());
      } catch (error) {
        if (!safeToRepeat || attempt >= policy.attempts || request.signal.aborted) throw error;
        await sleep(backoffMs(attempt));
        continue;
      }
      const delay = attempt < policy.attempts ? await retryDelayMs(response, attempt, safeToRepeat, policy) : null;
      if (delay === null) return response;
      await response.body?.cancel();
      await sleep(delay);
    }
  };
}
