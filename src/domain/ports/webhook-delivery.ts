// What the domain asks of a render's webhook delivery (one Durable Object per render,
// src/durable-objects/webhook-delivery.ts): docs/webhooks.md#deliveries.
import type { WebhookDeliveryRow } from "../../db/webhook-deliveries-schema";

/** What a resend came to: sent (delivered or not), refused while the schedule runs or past the limit, or held. */
export type ResendOutcome =
  | { kind: "sent"; delivery: WebhookDeliveryRow }
  | { kind: "pending"; nextAttemptAt: string | null }
  | { kind: "exhausted" }
  | { kind: "held"; host: string; retryAfterSeconds: number };

export interface WebhookDeliveryPort {
  /** Starts the schedule of the render's webhook (a second start is harmless). */
  start(renderId: string): Promise<void>;
  /** When the schedule's next attempt is due; null when none is. */
  nextAttemptAt(): Promise<string | null>;
  resend(renderId: string): Promise<ResendOutcome>;
}
