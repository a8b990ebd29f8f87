import { checkUrl, type EgressPolicy } from "@folio/render-page/egress-policy";
import { ATTEMPT_BUDGET_MS, MAX_RESPONSE_BYTES } from "./retry-schedule";
import { signatureHeaders } from "./signature-headers";

export interface AttemptResult {
  ok: boolean;
  /** HTTP status, or null when no answer came (refused, timed out, connection failed). */
  status: number | null;
  reason: string;
  /** The egress policy refused the URL: nothing was sent. */
  refused?: true;
}

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

/**
 * One delivery attempt: the body signed anew with the account's current secret, sent through the egress
 * policy, never following redirects, within a 5-second budget for connect, headers and body together.
 */
export async function deliverAttempt(
  url: string,
  rawBody: string,
  deliveryId: string,
  attempt: number,
  secret: string,
  policy: EgressPolicy,
): Promise<AttemptResult> {
  const verdict = checkUrl(url, policy);
  if (!verdict.ok)
    return { ok: false, status: null, refused: true, reason: `refused by the egress policy: ${verdict.reason}` };
  const signal = AbortSignal.timeout(ATTEMPT_BUDGET_MS);
  try {
    const response = await fetch(verdict.url, {
      method: "POST",
      redirect: "manual",
      signal,
      headers: {
        "content-type": "application/json",
        "user-agent": "Folio-Webhooks/1.0",
        ...(await signatureHeaders(secret, deliveryId, attempt, Math.floor(Date.now() / 1000), rawBody)),
      },
      body: rawBody,
    });
    await drain(response, MAX_RESPONSE_BYTES, signal);
    if (signal.aborted)
      return { ok: false, status: response.status, reason: `no complete answer within ${ATTEMPT_BUDGET_MS} ms` };
    const ok = response.status >= 200 && response.status < 300;
    return { ok, status: response.status, reason: ok ? "delivered" : `answered HTTP ${response.status}` };
  } catch (error) {
    return {
      ok: false,
      status: null,
      reason: signal.aborted
        ? `no answer within ${ATTEMPT_BUDGET_MS} ms`
        : `connection failed: ${(error as Error).message}`,
    };
  }
}
