// The studio's words for webhook deliveries: a render's webhook line, one delivery, a test event's outcome. No DOM.
import type { Render, WebhookDelivery, WebhookTestResult } from "@folio/sdk";
import { ago } from "../shared/wording";

const counted = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** A render's webhook, or null for a render without one: its state, and how many attempts the schedule made. */
export function webhookLine(render: Render): { state: string; text: string; attempts: string } | null {
  if (render.webhook_status === null) return null;
  return {
    state: render.webhook_status,
    text: `Webhook ${render.webhook_status}`,
    attempts: counted(render.webhook_attempts, "attempt"),
  };
}

const ERROR_WORDS: Record<NonNullable<WebhookDelivery["error"]>, string> = {
  timeout: "no answer within 5 s",
  connection_refused: "connection refused",
  dns: "host name not found",
  tls: "TLS handshake failed",
  blocked: "blocked by the egress policy",
  redirect: "redirect, not followed",
};

/** What the receiver said: its status, else why nothing counted. */
function outcome(status: number | null, error: WebhookDelivery["error"]): string {
  const code = status === null ? "" : `HTTP ${status}`;
  if (!error) return code || "no answer";
  return code ? `${code}, ${ERROR_WORDS[error]}` : ERROR_WORDS[error];
}

/** One delivery: which, what came back, how long, when, and when the next one is due. */
export function deliveryLine(delivery: WebhookDelivery, now = Date.now()): { ok: boolean; text: string } {
  const which = delivery.manual ? `Resend ${delivery.attempt}` : `Attempt ${delivery.attempt}`;
  const ok = delivery.error === null && delivery.status_code !== null && delivery.status_code < 300;
  // Only a next attempt still to come is news; one already made is the row above.
  const due = delivery.next_attempt_at ? Date.parse(delivery.next_attempt_at) - now : 0;
  const next = due > 0 ? ` · next in ${Math.max(1, Math.round(due / 1000))} s` : "";
  const parts = [which, outcome(delivery.status_code, delivery.error), `${delivery.duration_ms} ms`];
  return { ok, text: `${parts.join(" · ")} · ${ago(delivery.attempted_at, now)}${next}` };
}

/** A test event's outcome, as the form shows it. */
export function testResultLine(result: WebhookTestResult): string {
  const took = `in ${result.duration_ms} ms`;
  if (result.delivered) return `Delivered: HTTP ${result.status_code} ${took}.`;
  if (result.error === "blocked") return "Not sent: the egress policy refuses this URL (public https addresses only).";
  if (result.error === "timeout") return "No complete answer within 5 s.";
  return result.status_code === null
    ? `Not delivered: the connection failed ${took}.`
    : `Not delivered: the receiver answered HTTP ${result.status_code} ${took}.`;
}
