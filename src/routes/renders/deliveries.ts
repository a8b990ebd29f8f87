import { createRoute } from "@hono/zod-openapi";
import { WebhookDeliveryListSchema, WebhookDeliverySchema } from "../../contract/webhook-deliveries";
import { getRender } from "../../domain/renders/list-renders";
import { listDeliveries, serializeDelivery } from "../../domain/webhooks/delivery-log";
import { resendWebhook } from "../../domain/webhooks/resend";
import { errorResponses } from "../../errors";
import { API_KEY_SECURITY, endpoint } from "../../lib/endpoint";
import { jsonContent } from "../schemas";
import { RenderIdParam } from "./params";

const listRoute = createRoute({
  method: "get",
  path: "/v1/renders/{id}/deliveries",
  operationId: "listDeliveries",
  tags: ["Renders"],
  summary: "List a render's webhook deliveries, newest first (free)",
  description:
    "Every delivery of the render's webhook as it was made: the schedule's attempts and the manual resends, with " +
    "the receiver's status code, the error kind, the duration and when the next attempt is due. Nothing else the " +
    "receiver answered is kept; the URL is shown by its host. Kept as long as the render.",
  security: API_KEY_SECURITY,
  request: { params: RenderIdParam },
  responses: {
    200: jsonContent(WebhookDeliveryListSchema, "The render's deliveries, newest first (empty without a webhook)."),
    ...errorResponses("invalid_request", "authentication_error", "not_found"),
  },
});

export const listDeliveriesEndpoint = endpoint(listRoute, async (c) => {
  const { id } = c.req.valid("param");
  const { services } = c.var;
  await getRender(services, c.get("account").id, id);
  const rows = await listDeliveries(services.db, id);
  return c.json({ object: "list" as const, data: rows.map(serializeDelivery) }, 200);
});

const resendRoute = createRoute({
  method: "post",
  path: "/v1/renders/{id}/deliveries",
  operationId: "resendWebhook",
  tags: ["Renders"],
  summary: "Resend a render's webhook event now",
  description:
    "Sends the render's final event (`render.succeeded` or `render.failed`) to its `webhook_url` again, outside the " +
    "schedule's five attempts: `X-Service-Attempt: 5`, `X-Service-Resend: <n>`, the same `webhook-id`, signed " +
    "afresh. The render's `webhook_status` and `webhook_attempts` stay as the schedule left them; the delivery is " +
    "listed with `manual: true`. 409 `conflict` while `webhook_status` is `pending` (`details.code: " +
    "webhook_pending`, `details.next_attempt_at`) and after 10 resends (`details.code: resends_exhausted`); 400 for " +
    "a render without `webhook_url`. Test events and resends share 10 a minute per key (429).",
  security: API_KEY_SECURITY,
  request: { params: RenderIdParam },
  responses: {
    200: jsonContent(WebhookDeliverySchema, "The delivery made, whatever the receiver answered."),
    ...errorResponses(
      "invalid_request",
      "authentication_error",
      "permission_error",
      "not_found",
      "conflict",
      "rate_limited",
    ),
  },
});

export const resendWebhookEndpoint = endpoint(resendRoute, async (c) => {
  const { id } = c.req.valid("param");
  const caller = { account: c.get("account"), apiKeyId: c.get("apiKeyId") };
  return c.json(serializeDelivery(await resendWebhook(c.var.services, caller, id)), 200);
});
