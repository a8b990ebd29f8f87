import type { AccountRow } from "../../db/schema";
import { newId } from "../../lib/ids";
import type { Services } from "../../services";
import { admitWebhookSend } from "../accounts/admission";
import type { AttemptResult } from "./deliver-attempt";
import { deliverAttempt } from "./deliver-attempt";
import { urlHost } from "./delivery-log";
import { hostBusy, hostGate } from "./host-gate";
import { webhookEgress } from "./webhook-egress";

/** What a test event answers: the attempt's outcome in coarse words (no more about the receiver than its status). */
export interface TestEventResult {
  delivered: boolean;
  status_code: number | null;
  error: "blocked" | "timeout" | "failed" | null;
  duration_ms: number;
}

function coarse(result: AttemptResult): TestEventResult["error"] {
  if (result.ok) return null;
  return result.error === "blocked" || result.error === "timeout" ? result.error : "failed";
}

/**
 * POST /v1/webhooks/test (docs/webhooks.md#test-events): one signed `test` event to `url` only, never to a render's
 * webhook_url, with a `test_` delivery id, both signature schemes and the same egress rules and host limit as every
 * delivery; counted with resends in the key's window.
 */
export async function sendTestEvent(
  services: Services,
  caller: { account: AccountRow; apiKeyId: string },
  url: string,
): Promise<TestEventResult> {
  await admitWebhookSend(caller.account, services.limiter(caller.apiKeyId, "webhook-sends"));
  const rawBody = JSON.stringify({ type: "test", created_at: services.clock.iso(), data: null });
  const request = { url, rawBody, deliveryId: newId("test"), attempt: 1, secret: caller.account.webhookSecret };
  const result = await deliverAttempt(request, webhookEgress(services.config), hostGate(services));
  if ("heldForSeconds" in result) throw hostBusy(urlHost(url), result.heldForSeconds);
  return { delivered: result.ok, status_code: result.status, error: coarse(result), duration_ms: result.durationMs };
}
