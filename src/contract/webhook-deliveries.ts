import { z } from "../lib/openapi-zod";
import { IsoTimestamp, listOf } from "./schema-parts";

/** What went wrong with a delivery, in the words GET /v1/renders/{id}/deliveries answers (docs/webhooks.md#deliveries). */
export const DELIVERY_ERRORS = ["timeout", "connection_refused", "dns", "tls", "blocked", "redirect"] as const;
export type DeliveryError = (typeof DELIVERY_ERRORS)[number];

export const WebhookDeliverySchema = z
  .object({
    object: z.literal("webhook_delivery"),
    attempt: z.int().min(1).openapi({
      description: "The schedule's attempt (1 to 5), or for a manual resend its number (1 to 10).",
      example: 2,
    }),
    manual: z.boolean().openapi({ description: "A resend asked for with POST /v1/renders/{id}/deliveries." }),
    attempted_at: IsoTimestamp,
    url_host: z.string().openapi({
      description: "The webhook URL's host (and port, when it names one); its path and query are never shown.",
      example: "hooks.example.com",
    }),
    status_code: z.int().nullable().openapi({
      description: "The receiver's HTTP status; null when no answer came. Nothing else it answers is kept.",
      example: 500,
    }),
    error: z
      .enum(DELIVERY_ERRORS)
      .nullable()
      .openapi({
        description:
          "Why no answer counted: `timeout` (no complete answer within 5 s), `connection_refused`, `dns`, `tls`, " +
          "`blocked` (the egress policy refused the URL: nothing was sent), `redirect` (a 3xx, never followed). " +
          "Null when the receiver answered (2xx, or another status in `status_code`).",
        example: null,
      }),
    duration_ms: z.int().openapi({ description: "From sending to the end of the answer (or the failure)." }),
    next_attempt_at: IsoTimestamp.nullable().openapi({
      description: "When the schedule tries again after this attempt; null when it will not.",
    }),
  })
  .openapi("WebhookDelivery");

export const WebhookDeliveryListSchema = listOf(WebhookDeliverySchema, "WebhookDeliveryList");

export const WebhookTestRequest = z
  .strictObject({
    url: z.string().openapi({
      description: "Where to send the test event: an absolute URL (https in production), under the egress rules.",
      example: "https://example.com/hooks/folio",
    }),
  })
  .openapi("WebhookTestRequest");

export const WebhookTestResultSchema = z
  .object({
    delivered: z.boolean().openapi({ description: "The receiver answered 2xx." }),
    status_code: z.int().nullable().openapi({ description: "The receiver's HTTP status; null when none came." }),
    error: z
      .enum(["blocked", "timeout", "failed"])
      .nullable()
      .openapi({
        description:
          "`blocked`: the egress policy refused the URL and nothing was sent; `timeout`: no complete answer within " +
          "5 s; `failed`: any other failure (a status other than 2xx, a refused connection, DNS, TLS). Null when " +
          "delivered.",
      }),
    duration_ms: z.int(),
  })
  .openapi("WebhookTestResult");
