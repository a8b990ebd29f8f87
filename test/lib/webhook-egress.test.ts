import { checkUrl } from "@folio/render-page/egress-policy";
import { describe, expect, it } from "vitest";
import { egressHint, webhookEgress } from "../../src/domain/webhooks/webhook-egress";
import type { Env } from "../../src/env";
import { config } from "../../src/lib/config";

const settings = (vars: Partial<Env>) =>
  config({
    ENVIRONMENT: "development",
    PUBLIC_BASE_URL: "http://127.0.0.1:8787",
    RENDER_BACKEND_URL: "http://127.0.0.1:8788",
    ...vars,
  } as Env);
const RECEIVER = "http://127.0.0.1:8899/hook";

describe("webhooks to a receiver on this machine (DEV_LOOPBACK_WEBHOOKS)", () => {
  it("are delivered when npm run dev sets it, except to the service's own and its backend's ports", () => {
    const policy = webhookEgress(settings({ DEV_LOOPBACK_WEBHOOKS: "true" }));
    expect(checkUrl(RECEIVER, policy).ok).toBe(true);
    expect(checkUrl("http://127.0.0.1:8787/v1/account", policy).ok).toBe(false);
    expect(checkUrl("http://localhost:8788/render", policy).ok).toBe(false);
  });

  it("are refused when it is off or in production, and the refusal names the setting outside production", () => {
    const off = settings({ DEV_LOOPBACK_WEBHOOKS: "false" });
    expect(checkUrl(RECEIVER, webhookEgress(off)).ok).toBe(false);
    expect(egressHint(RECEIVER, off)).toContain("DEV_LOOPBACK_WEBHOOKS=true");
    const production = settings({ ENVIRONMENT: "production", DEV_LOOPBACK_WEBHOOKS: "true" });
    expect(checkUrl(RECEIVER, webhookEgress(production)).ok).toBe(false);
    expect(egressHint(RECEIVER, production)).toBe("");
  });
});
