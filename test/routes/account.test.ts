import { describe, expect, it } from "vitest";
import { call, newAccount } from "../helpers";

describe("GET /v1/account", () => {
  it("returns the full account with the webhook secret once, then the full account without it and a note", async () => {
    const { api_key: key, account } = await newAccount({ plan: "payg" });
    const first = await call("GET", "/v1/account", { key });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      object: "account",
      id: account.id,
      plan: "payg",
      status: "active",
      verified: false,
      trial: false,
      email: null,
      webhook_signature_header: "X-Service-Signature",
      rate_limit: { renders_per_minute: 600, window_seconds: 60, scope: "api_key" },
      limits: { free_renders_per_month: 100, monthly_spend_cap_usd: 50 },
    });
    expect(first.json.webhook_secret).toMatch(/^whsec_[A-Za-z0-9]{40}$/);
    expect(first.json.webhook_secret_prefix).toBe(first.json.webhook_secret.slice(0, 12));
    expect(first.json).not.toHaveProperty("note");
    for (const later of [await call("GET", "/v1/account", { key }), await call("GET", "/v1/account", { key })]) {
      expect(later.status).toBe(200);
      expect(later.json).toEqual({ ...first.json, webhook_secret: null, note: expect.stringContaining("shown once") });
    }
  });

  it("reveals the secret to exactly one of two racing first calls", async () => {
    const { api_key: key } = await newAccount();
    const answers = await Promise.all([call("GET", "/v1/account", { key }), call("GET", "/v1/account", { key })]);
    expect(answers.filter((a) => a.json.webhook_secret !== null)).toHaveLength(1);
  });
});

describe("POST /v1/account/webhook-secret", () => {
  it("mints a new secret, returns it once, and later GETs show only its prefix", async () => {
    const { api_key: key, account } = await newAccount();
    const original = (await call("GET", "/v1/account", { key })).json.webhook_secret;
    const rotated = await call("POST", "/v1/account/webhook-secret", { key });
    expect(rotated.status).toBe(200);
    expect(rotated.json).toMatchObject({ object: "webhook_secret", account: account.id, note: expect.any(String) });
    expect(rotated.json.webhook_secret).toMatch(/^whsec_[A-Za-z0-9]{40}$/);
    expect(rotated.json.webhook_secret).not.toBe(original);
    expect(rotated.json.webhook_secret_prefix).toBe(rotated.json.webhook_secret.slice(0, 12));
    const later = await call("GET", "/v1/account", { key });
    expect(later.json).toMatchObject({
      webhook_secret: null,
      webhook_secret_prefix: rotated.json.webhook_secret_prefix,
      webhook_secret_shown_at: rotated.json.rotated_at,
    });
  });
});
