import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { DELIVERY_ERRORS } from "../contract/webhook-deliveries";
import { renders } from "./schema";

/**
 * One webhook delivery of a render, written by its delivery object as it makes it: when, to which host, what status
 * came back and how long it took. Nothing else a receiver answers is kept (no body, no headers), and the URL by its
 * host only (its path and query may carry the receiver's token). Kept as long as the render.
 */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    renderId: text("render_id")
      .notNull()
      .references(() => renders.id),
    // The schedule's attempt (1..5), or for a manual resend its number (1..10).
    attempt: integer("attempt").notNull(),
    manual: integer("manual", { mode: "boolean" }).notNull().default(false),
    attemptedAt: text("attempted_at").notNull(),
    urlHost: text("url_host").notNull(),
    statusCode: integer("status_code"),
    error: text("error", { enum: DELIVERY_ERRORS }),
    durationMs: integer("duration_ms").notNull(),
    nextAttemptAt: text("next_attempt_at"),
  },
  (t) => [index("webhook_deliveries_render").on(t.renderId, t.id)],
);

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
