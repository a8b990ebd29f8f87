import type { AccountRow } from "../../db/schema";
import type { WebhookDeliveryRow } from "../../db/webhook-deliveries-schema";
import { ServiceError } from "../../errors";
import type { Services } from "../../services";
import { admitWebhookSend } from "../accounts/admission";
import { getRender } from "../renders/list-renders";
import { hostBusy } from "./host-gate";
import { MAX_RESENDS } from "./retry-schedule";

function stillPending(renderId: string, nextAttemptAt: string | null): ServiceError {
  const when = nextAttemptAt ? `its next attempt is due at ${nextAttemptAt}` : "the render has not finished yet";
  return new ServiceError(
    "conflict",
    `The webhook of \`${renderId}\` is still being delivered (${when}): resend once it is \`delivered\` or \`failed\`.`,
    { details: { code: "webhook_pending", next_attempt_at: nextAttemptAt } },
  );
}

/**
 * POST /v1/renders/{id}/deliveries (docs/webhooks.md#resend): the render's final event sent again now, through its
 * delivery object, which lists it as a manual delivery. Refused for another account's render (404), one made without
 * a webhook_url (400), while the schedule still runs (409 `webhook_pending`) and past MAX_RESENDS (409).
 */
export async function resendWebhook(
  services: Services,
  caller: { account: AccountRow; apiKeyId: string },
  renderId: string,
): Promise<WebhookDeliveryRow> {
  const render = await getRender(services, caller.account.id, renderId);
  if (!render.webhookUrl)
    throw new ServiceError(
      "invalid_request",
      `\`${renderId}\` was made without a \`webhook_url\`: it has no webhook event to resend.`,
      { details: { reason: "no_webhook_url" } },
    );
  const delivery = services.webhook(renderId);
  if (render.webhookStatus === "pending") throw stillPending(renderId, await delivery.nextAttemptAt());
  await admitWebhookSend(caller.account, services.limiter(caller.apiKeyId, "webhook-sends"));
  const outcome = await delivery.resend(renderId);
  if (outcome.kind === "sent") return outcome.delivery;
  if (outcome.kind === "pending") throw stillPending(renderId, outcome.nextAttemptAt);
  if (outcome.kind === "held") throw hostBusy(outcome.host, outcome.retryAfterSeconds);
  throw new ServiceError(
    "conflict",
    `\`${renderId}\` has been resent ${MAX_RESENDS} times, the most a render can be.`,
    { details: { code: "resends_exhausted", max_resends: MAX_RESENDS } },
  );
}
