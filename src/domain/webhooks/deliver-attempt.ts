import { checkUrl, type EgressPolicy, isIpLiteral } from "@folio/render-page/egress-policy";
import type { DeliveryError } from "../../contract/webhook-deliveries";
import { ATTEMPT_BUDGET_MS, MAX_RESPONSE_BYTES } from "./retry-schedule";
import { signatureHeaders } from "./signature-headers";

/** One signed POST: the raw body, its delivery id (`webhook-id`), the attempt it is, and a resend's number. */
export interface AttemptRequest {
  url: string;
  rawBody: string;
  deliveryId: string;
  /** X-Service-Attempt: 1..5 (a resend says 5, v1's last). */
  attempt: number;
  /** X-Service-Resend, on a manual resend only. */
  resend?: number;
  secret: string;
}

export interface AttemptResult {
  ok: boolean;
  /** HTTP status, or null when no answer came (refused, timed out, connection failed). */
  status: number | null;
  /** Why it did not deliver, in the delivery list's words; null for an answer that is simply not 2xx (or 2xx). */
  error: DeliveryError | null;
  durationMs: number;
  /** For the console line: what happened, in words. */
  reason: string;
  /** The egress policy refused the URL: nothing was sent. */
  refused?: true;
}

/**
 * The per-host cap (docs/webhooks.md#limits), asked once the egress policy has passed the URL and before anything is
 * sent: null lets the attempt go, a number is the seconds until the host's window frees a slot again.
 */
export type HostGate = (host: string) => Promise<number | null>;

/** Reads at most `limit` bytes of the answer and drops the rest: a receiver cannot make us buffer a huge body. */
async function drain(response: Response, limit: number, signal: AbortSignal): Promise<void> {
  if (!response.body) return;
  const reader = response.body.getReader();
  let read = 0;
  try {
    while (read < limit && !signal.aborted) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** Every message along an error's causes: a fetch failure keeps the network's reason in its cause. */
function messagesOf(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error; e instanceof Error && parts.length < 5; e = e.cause) parts.push(e.message);
  return parts.join(": ");
}

/**
 * A failed connection, sorted by what its message names: certificates and handshakes, names, or a refused or lost
 * connection. The Workers runtime hides the cause of DNS and TLS failures behind "internal error; reference = ...":
 * such a failure is a TLS one for an https address given as an IP (no name to resolve), else a DNS one.
 */
export function connectionFailure(error: string, url: URL): DeliveryError {
  // The runtime's reference is random letters and digits, which can spell "tls" or "dns" by chance: never read it.
  const message = error.replace(/reference = \w+/gi, "");
  if (url.protocol === "https:" && /certificate|\btls\b|\bssl\b|handshake/i.test(message)) return "tls";
  if (/\bdns\b|resolv|getaddrinfo|ENOTFOUND|EAI_|name (not|or service)/i.test(message)) return "dns";
  if (!/internal error/i.test(message)) return "connection_refused";
  return isIpLiteral(url.hostname) && url.protocol === "https:" ? "tls" : "dns";
}

/** The host a delivery is counted and listed under: lowercased, without a trailing dot, with its port if named. */
export function deliveryHost(url: URL): string {
  return `${url.hostname.toLowerCase().replace(/\.+$/, "")}${url.port ? `:${url.port}` : ""}`;
}

function answered(status: number, timedOut: boolean): Pick<AttemptResult, "ok" | "error" | "reason"> {
  if (timedOut) return { ok: false, error: "timeout", reason: `no complete answer within ${ATTEMPT_BUDGET_MS} ms` };
  if (status >= 300 && status < 400) return { ok: false, error: "redirect", reason: `answered HTTP ${status}` };
  const ok = status >= 200 && status < 300;
  return { ok, error: null, reason: ok ? "delivered" : `answered HTTP ${status}` };
}

/**
 * One delivery attempt: the body signed anew with the account's current secret, sent through the egress policy, never
 * following redirects, within a 5-second budget for connect, headers and body together. When `hostGate` holds the
 * host back, nothing is sent and the seconds to wait come back instead.
 */
export async function deliverAttempt(
  request: AttemptRequest,
  policy: EgressPolicy,
  hostGate: HostGate,
): Promise<AttemptResult | { heldForSeconds: number }> {
  const verdict = checkUrl(request.url, policy);
  if (!verdict.ok)
    return {
      ok: false,
      status: null,
      error: "blocked",
      durationMs: 0,
      refused: true,
      reason: `refused by the egress policy: ${verdict.reason}`,
    };
  const held = await hostGate(deliveryHost(verdict.url));
  if (held !== null) return { heldForSeconds: held };
  const { rawBody, secret, deliveryId, attempt, resend } = request;
  const started = Date.now();
  const signal = AbortSignal.timeout(ATTEMPT_BUDGET_MS);
  const durationMs = () => Date.now() - started;
  try {
    const response = await fetch(verdict.url, {
      method: "POST",
      redirect: "manual",
      signal,
      headers: {
        "content-type": "application/json",
        "user-agent": "Folio-Webhooks/1.0",
        ...(await signatureHeaders(secret, deliveryId, attempt, Math.floor(started / 1000), rawBody)),
        ...(resend === undefined ? {} : { "x-service-resend": String(resend) }),
      },
      body: rawBody,
    });
    await drain(response, MAX_RESPONSE_BYTES, signal);
    return { status: response.status, durationMs: durationMs(), ...answered(response.status, signal.aborted) };
  } catch (error) {
    if (signal.aborted)
      return {
        ok: false,
        status: null,
        error: "timeout",
        durationMs: durationMs(),
        reason: `no answer within ${ATTEMPT_BUDGET_MS} ms`,
      };
    const message = messagesOf(error);
    return {
      ok: false,
      status: null,
      error: connectionFailure(message, verdict.url),
      durationMs: durationMs(),
      reason: `connection failed: ${message}`,
    };
  }
}
