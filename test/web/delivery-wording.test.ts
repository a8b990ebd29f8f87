import { describe, expect, it } from "vitest";
import type { Render, WebhookDelivery } from "../../packages/sdk/src/index";
import { deliveryLine, testResultLine, webhookLine } from "../../web/src/renders/delivery-wording";

const NOW = Date.parse("2026-11-28T09:00:00.000Z");

const delivery = (fields: Partial<WebhookDelivery>): WebhookDelivery => ({
  object: "webhook_delivery",
  attempt: 1,
  manual: false,
  attempted_at: "2026-11-28T08:58:00.000Z",
  url_host: "hooks.example.com",
  status_code: 200,
  error: null,
  duration_ms: 42,
  next_attempt_at: null,
  ...fields,
});

describe("the studio's delivery words", () => {
  it("says a render's webhook state and attempts, and nothing for a render without one", () => {
    expect(webhookLine({ webhook_status: "failed", webhook_attempts: 5 } as Render)).toEqual({
      state: "failed",
      text: "Webhook failed",
      attempts: "5 attempts",
    });
    expect(webhookLine({ webhook_status: "delivered", webhook_attempts: 1 } as Render)?.attempts).toBe("1 attempt");
    expect(webhookLine({ webhook_status: null, webhook_attempts: 0 } as Render)).toBeNull();
  });

  it("says what each delivery got back, how long it took, and when the next is due", () => {
    expect(deliveryLine(delivery({}), NOW)).toEqual({ ok: true, text: "Attempt 1 · HTTP 200 · 42 ms · 2 min ago" });
    expect(
      deliveryLine(delivery({ attempt: 2, status_code: 500, next_attempt_at: "2026-11-28T09:01:30.000Z" }), NOW),
    ).toEqual({ ok: false, text: "Attempt 2 · HTTP 500 · 42 ms · 2 min ago · next in 90 s" });
    expect(deliveryLine(delivery({ next_attempt_at: "2026-11-28T08:58:30.000Z" }), NOW).text).not.toContain("next");
    expect(deliveryLine(delivery({ status_code: null, error: "blocked", duration_ms: 0 }), NOW).text).toBe(
      "Attempt 1 · blocked by the egress policy · 0 ms · 2 min ago",
    );
    expect(deliveryLine(delivery({ manual: true, status_code: 302, error: "redirect" }), NOW)).toEqual({
      ok: false,
      text: "Resend 1 · HTTP 302, redirect, not followed · 42 ms · 2 min ago",
    });
  });

  it("says a test event's outcome", () => {
    expect(testResultLine({ delivered: true, status_code: 204, error: null, duration_ms: 12 })).toBe(
      "Delivered: HTTP 204 in 12 ms.",
    );
    expect(testResultLine({ delivered: false, status_code: null, error: "blocked", duration_ms: 0 })).toMatch(
      /^Not sent: the egress policy refuses this URL/,
    );
    expect(testResultLine({ delivered: false, status_code: 500, error: "failed", duration_ms: 9 })).toBe(
      "Not delivered: the receiver answered HTTP 500 in 9 ms.",
    );
  });
});
