import { DurableObject } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { accounts, renders } from "../db/schema";
import { serializeRender } from "../domain/renders/serialize-render";
import { deliverAttempt } from "../domain/webhooks/deliver-attempt";
import { nextAttemptDelayMs } from "../domain/webhooks/retry-schedule";
import { egressHint, webhookEgress } from "../domain/webhooks/webhook-egress";
import type { Env } from "../env";
import { buildServices } from "../services";

interface DeliveryState {
  renderId: string;
  /** Attempts already made. */
  attempts: number;
  status: "pending" | "delivered" | "failed";
}

/**
 * A failed attempt is expected (the receiver is down, or its host does not resolve): one warning line saying which
 * render, where and why, never a stack. Only the host of the URL: its path and query may carry the receiver's token.
 */
function failedAttemptLine(
  renderId: string,
  url: string,
  attempt: number,
  reason: string,
  retryInMs: number | null,
): string {
  const host = URL.parse(url)?.host ?? "(unparsable URL)";
  const next = retryInMs === null ? "no attempts left" : `next attempt in ${retryInMs / 1000} s`;
  return `webhook of ${renderId} to ${host}: attempt ${attempt} failed (${reason}); ${next}`;
}

/**
 * Owns the webhook of one render (one object per render id). State lives in durable storage and the
 * next attempt is an alarm, so a restart loses nothing; the state is written after every attempt, so an
 * alarm the platform retries never repeats an attempt that already succeeded.
 */
export class WebhookDelivery extends DurableObject<Env> {
  async start(renderId: string): Promise<void> {
    const existing = await this.ctx.storage.get<DeliveryState>("state");
    if (existing) return;
    await this.ctx.storage.put<DeliveryState>("state", { renderId, attempts: 0, status: "pending" });
    await this.ctx.storage.setAlarm(Date.now());
  }

  override async alarm(): Promise<void> {
    const state = await this.ctx.storage.get<DeliveryState>("state");
    if (state?.status !== "pending") return;
    const services = buildServices(this.env);
    const { config: settings, db } = services;
    const [row] = await db
      .select({ render: renders, secret: accounts.webhookSecret })
      .from(renders)
      .innerJoin(accounts, eq(accounts.id, renders.accountId))
      .where(eq(renders.id, state.renderId))
      .limit(1);
    if (!row?.render.webhookUrl) {
      await this.ctx.storage.put<DeliveryState>("state", { ...state, status: "failed" });
      return;
    }
    const attempt = state.attempts + 1;
    const data = await serializeRender(
      { ...row.render, webhookAttempts: attempt, webhookStatus: "pending" },
      services.signer(),
    );
    const body = JSON.stringify({
      type: row.render.status === "succeeded" ? "render.succeeded" : "render.failed",
      created_at: services.clock.iso(),
      data,
    });
    const url = row.render.webhookUrl;
    const result = await deliverAttempt(url, body, state.renderId, attempt, row.secret, webhookEgress(settings));
    const delay = result.ok ? null : nextAttemptDelayMs(attempt, settings.webhookRetryScale);
    if (!result.ok) {
      const reason = result.refused ? `${result.reason}${egressHint(url, settings)}` : result.reason;
      console.warn(failedAttemptLine(state.renderId, url, attempt, reason, delay));
    }
    const status: DeliveryState["status"] = result.ok ? "delivered" : delay === null ? "failed" : "pending";
    await this.ctx.storage.put<DeliveryState>("state", { ...state, attempts: attempt, status });
    await db
      .update(renders)
      .set({ webhookAttempts: attempt, webhookStatus: status })
      .where(eq(renders.id, state.renderId));
    if (status === "pending" && delay !== null) await this.ctx.storage.setAlarm(Date.now() + delay);
  }
}
