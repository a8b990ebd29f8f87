import { DurableObject } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { renders } from "../db/schema";
import type { ResendOutcome, WebhookDeliveryPort } from "../domain/ports/webhook-delivery";
import { type AttemptRequest, type AttemptResult, deliverAttempt } from "../domain/webhooks/deliver-attempt";
import { recordDelivery, urlHost } from "../domain/webhooks/delivery-log";
import { hostGate } from "../domain/webhooks/host-gate";
import { loadRenderWebhook, renderEventBody } from "../domain/webhooks/render-event";
import { MAX_ATTEMPTS, MAX_RESENDS, nextAttemptDelayMs } from "../domain/webhooks/retry-schedule";
import { egressHint, webhookEgress } from "../domain/webhooks/webhook-egress";
import type { Env } from "../env";
import { buildServices, type Services } from "../services";

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
function failedAttemptLine(renderId: string, url: string, which: string, reason: string, next: string): string {
  return `webhook of ${renderId} to ${urlHost(url)}: ${which} failed (${reason}); ${next}`;
}

function reasonOf(result: AttemptResult, url: string, services: Services): string {
  return result.refused ? `${result.reason}${egressHint(url, services.config)}` : result.reason;
}

/**
 * Owns the webhook of one render (one object per render id): the schedule's five attempts and the manual resends.
 * State lives in durable storage and the next attempt is an alarm, so a restart loses nothing; the state is written
 * after every attempt, so an alarm the platform retries never repeats an attempt that already succeeded. Every
 * delivery it makes is written to the render's delivery list as it is made (docs/webhooks.md#deliveries).
 */
export class WebhookDelivery extends DurableObject<Env> implements WebhookDeliveryPort {
  async start(renderId: string): Promise<void> {
    const existing = await this.ctx.storage.get<DeliveryState>("state");
    if (existing) return;
    await this.ctx.storage.put<DeliveryState>("state", { renderId, attempts: 0, status: "pending" });
    await this.ctx.storage.setAlarm(Date.now());
  }

  /** When the schedule's next attempt is due, while it runs. */
  async nextAttemptAt(): Promise<string | null> {
    const alarm = await this.ctx.storage.getAlarm();
    return alarm === null ? null : new Date(alarm).toISOString();
  }

  override async alarm(): Promise<void> {
    const state = await this.ctx.storage.get<DeliveryState>("state");
    if (state?.status !== "pending") return;
    const services = buildServices(this.env);
    const hook = await loadRenderWebhook(services, state.renderId);
    if (!hook) {
      await this.ctx.storage.put<DeliveryState>("state", { ...state, status: "failed" });
      return;
    }
    const attempt = state.attempts + 1;
    const url = hook.render.webhookUrl;
    const rawBody = await renderEventBody(services, {
      ...hook.render,
      webhookAttempts: attempt,
      webhookStatus: "pending",
    });
    const request: AttemptRequest = { url, rawBody, deliveryId: state.renderId, attempt, secret: hook.secret };
    const attemptedAt = new Date();
    const result = await deliverAttempt(request, webhookEgress(services.config), hostGate(services));
    if ("heldForSeconds" in result) {
      // The host's window is full: the attempt waits for it, and is not counted as one made.
      console.warn(
        `webhook of ${state.renderId} to ${urlHost(url)}: attempt ${attempt} waits ${result.heldForSeconds} s (the host's limit a minute)`,
      );
      await this.ctx.storage.setAlarm(Date.now() + result.heldForSeconds * 1000);
      return;
    }
    const delay = result.ok ? null : nextAttemptDelayMs(attempt, services.config.webhookRetryScale);
    const nextAttemptAt = delay === null ? null : new Date(Date.now() + delay);
    if (!result.ok) {
      const next = nextAttemptAt ? `next attempt in ${(delay ?? 0) / 1000} s` : "no attempts left";
      console.warn(failedAttemptLine(state.renderId, url, `attempt ${attempt}`, reasonOf(result, url, services), next));
    }
    await recordDelivery(services.db, {
      renderId: state.renderId,
      attempt,
      manual: false,
      attemptedAt,
      url,
      result,
      nextAttemptAt,
    });
    const status: DeliveryState["status"] = result.ok ? "delivered" : nextAttemptAt ? "pending" : "failed";
    await this.ctx.storage.put<DeliveryState>("state", { ...state, attempts: attempt, status });
    await services.db
      .update(renders)
      .set({ webhookAttempts: attempt, webhookStatus: status })
      .where(eq(renders.id, state.renderId));
    if (nextAttemptAt) await this.ctx.storage.setAlarm(nextAttemptAt.getTime());
  }

  /**
   * Sends the render's final event again now, outside the schedule: X-Service-Attempt 5 (v1's range) and
   * X-Service-Resend n, the same webhook-id, signed afresh; the render's webhook_status and webhook_attempts stay as
   * the schedule left them. The caller has checked that the render is the account's and has a webhook_url.
   */
  async resend(renderId: string): Promise<ResendOutcome> {
    const state = await this.ctx.storage.get<DeliveryState>("state");
    if (state?.status === "pending") return { kind: "pending", nextAttemptAt: await this.nextAttemptAt() };
    // Counted before sending (storage reads and writes hold other calls back), so two resends at once cannot both
    // take the last one.
    const resend = ((await this.ctx.storage.get<number>("resends")) ?? 0) + 1;
    if (resend > MAX_RESENDS) return { kind: "exhausted" };
    await this.ctx.storage.put("resends", resend);
    const services = buildServices(this.env);
    const hook = await loadRenderWebhook(services, renderId);
    if (!hook) throw new Error(`render ${renderId} has no webhook to resend`);
    const url = hook.render.webhookUrl;
    const rawBody = await renderEventBody(services, hook.render);
    const request = { url, rawBody, deliveryId: renderId, attempt: MAX_ATTEMPTS, resend, secret: hook.secret };
    const attemptedAt = new Date();
    const result = await deliverAttempt(request, webhookEgress(services.config), hostGate(services));
    if ("heldForSeconds" in result) {
      await this.ctx.storage.put("resends", resend - 1);
      return { kind: "held", host: urlHost(url), retryAfterSeconds: result.heldForSeconds };
    }
    if (!result.ok)
      console.warn(
        failedAttemptLine(
          renderId,
          url,
          `resend ${resend}`,
          reasonOf(result, url, services),
          "resend again when mended",
        ),
      );
    const delivery = await recordDelivery(services.db, {
      renderId,
      attempt: resend,
      manual: true,
      attemptedAt,
      url,
      result,
      nextAttemptAt: null,
    });
    return { kind: "sent", delivery };
  }
}
