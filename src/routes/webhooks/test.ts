import { createRoute } from "@hono/zod-openapi";
import { WebhookTestRequest, WebhookTestResultSchema } from "../../contract/webhook-deliveries";
import { refuseBadWebhookUrl } from "../../domain/renders/parse-request";
import { sendTestEvent } from "../../domain/webhooks/test-event";
import { errorResponses } from "../../errors";
import { API_KEY_SECURITY, endpoint } from "../../lib/endpoint";
import { jsonBodyOf, jsonContent } from "../schemas";

const route = createRoute({
  method: "post",
  path: "/v1/webhooks/test",
  operationId: "sendWebhookTest",
  tags: ["Renders"],
  summary: "Send a signed test event to a URL",
  description:
    'One signed event `{type: "test", created_at, data: null}` to `url` only, with a `test_` delivery id ' +
    "(`webhook-id`, `X-Service-Delivery`) and both signature schemes, under the same egress rules as every delivery " +
    '(a URL the policy refuses answers `delivered: false`, `error: "blocked"`). Test events and resends share 10 a ' +
    "minute per key; deliveries of every kind to one host are capped at 60 a minute (429).",
  security: API_KEY_SECURITY,
  request: { body: jsonBodyOf(WebhookTestRequest) },
  responses: {
    200: jsonContent(WebhookTestResultSchema, "What the receiver answered, in coarse words."),
    ...errorResponses("invalid_request", "authentication_error", "permission_error", "rate_limited"),
  },
});

export const sendWebhookTestEndpoint = endpoint(route, async (c) => {
  const { url } = c.req.valid("json");
  const { services } = c.var;
  refuseBadWebhookUrl(url, services.config.production, "url");
  const caller = { account: c.get("account"), apiKeyId: c.get("apiKeyId") };
  return c.json(await sendTestEvent(services, caller, url), 200);
});
