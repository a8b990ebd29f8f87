import type { Client } from "openapi-fetch";
import { unwrap } from "./errors.js";
import type { components, paths } from "./schema.js";
import { verify } from "./webhooks.js";

export type WebhookDelivery = components["schemas"]["WebhookDelivery"];
export type WebhookTestResult = components["schemas"]["WebhookTestResult"];

/**
 * The calls about webhook deliveries: a render's list, a resend, and a test event; each throws FolioError (409
 * `conflict` for a resend while the schedule still runs, 429 past 10 tests and resends a minute).
 */
export function deliveryCalls(api: Client<paths>) {
  return {
    /** A render's webhook deliveries, newest first: each attempt's status code, error kind, duration, next attempt. */
    listDeliveries: async (renderId: string): Promise<WebhookDelivery[]> =>
      (await unwrap(api.GET("/v1/renders/{id}/deliveries", { params: { path: { id: renderId } } }))).data,
    /** Sends the render's final event again now, outside the schedule; its webhook_status stays as it was. */
    resendWebhook: (renderId: string): Promise<WebhookDelivery> =>
      unwrap(api.POST("/v1/renders/{id}/deliveries", { params: { path: { id: renderId } } })),
    webhooks: {
      verify,
      /** Sends one signed `test` event to `url`: whether it arrived, the receiver's status and the time it took. */
      test: (url: string): Promise<WebhookTestResult> => unwrap(api.POST("/v1/webhooks/test", { body: { url } })),
    },
  };
}
