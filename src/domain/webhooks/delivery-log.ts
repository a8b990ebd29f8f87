import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type WebhookDeliveryRow, webhookDeliveries } from "../../db/webhook-deliveries-schema";
import type { AttemptResult } from "./deliver-attempt";

/** One delivery as its delivery object made it, to be written to the render's list. */
export interface DeliveryRecord {
  renderId: string;
  attempt: number;
  manual: boolean;
  attemptedAt: Date;
  url: string;
  result: AttemptResult;
  /** When the schedule tries again; null when it will not. */
  nextAttemptAt: Date | null;
}

/** The URL's host only: its path and query may carry the receiver's token. */
export function urlHost(url: string): string {
  return URL.parse(url)?.host ?? "(not a URL)";
}

export async function recordDelivery(db: Database, record: DeliveryRecord): Promise<WebhookDeliveryRow> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      renderId: record.renderId,
      attempt: record.attempt,
      manual: record.manual,
      attemptedAt: record.attemptedAt.toISOString(),
      urlHost: urlHost(record.url),
      statusCode: record.result.status,
      error: record.result.error,
      durationMs: record.result.durationMs,
      nextAttemptAt: record.nextAttemptAt?.toISOString() ?? null,
    })
    .returning();
  if (!row) throw new Error(`the delivery of ${record.renderId} could not be recorded`);
  return row;
}

/** The render's deliveries, newest first (the account's ownership of the render is checked by the caller). */
export function listDeliveries(db: Database, renderId: string): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.renderId, renderId))
    .orderBy(desc(webhookDeliveries.id));
}

/** A delivery as GET /v1/renders/{id}/deliveries shows it. */
export function serializeDelivery(row: WebhookDeliveryRow) {
  return {
    object: "webhook_delivery" as const,
    attempt: row.attempt,
    manual: row.manual,
    attempted_at: row.attemptedAt,
    url_host: row.urlHost,
    status_code: row.statusCode,
    error: row.error,
    duration_ms: row.durationMs,
    next_attempt_at: row.nextAttemptAt,
  };
}
