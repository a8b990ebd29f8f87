import { describe, expect, it } from "vitest";
import { call, expectError, INTERNAL } from "../helpers";

describe("internal surface", () => {
  it.each([
    ["POST", "/v1/internal/accounts", { name: "x" }],
    ["POST", "/v1/internal/trials", undefined],
    ["POST", "/v1/internal/accounts/acct_x/keys", undefined],
    ["PATCH", "/v1/internal/accounts/acct_x", { plan: "payg" }],
    ["POST", "/v1/internal/accounts/acct_x/verification", { email: "a@b.co" }],
    ["DELETE", "/v1/internal/keys/key_x", undefined],
  ])("%s %s needs the shared secret", async (method, path, body) => {
    expectError(await call(method, path, { body }), 401, "authentication_error");
    expectError(
      await call(method, path, { body, headers: { "x-internal-secret": "wrong" } }),
      401,
      "authentication_error",
    );
    expectError(
      await call(method, path, { body, headers: { "x-internal-secret": "test-internal-secret-but-longer" } }),
      401,
      "authentication_error",
    );
  });

  it("is not reachable with an API key alone", async () => {
    const created = await call("POST", "/v1/internal/accounts", { headers: INTERNAL, body: { name: "A" } });
    expectError(await call("POST", "/v1/internal/trials", { key: created.json.api_key }), 401, "authentication_error");
  });

  it("creates an account with a working key and the full Account object", async () => {
    const res = await call("POST", "/v1/internal/accounts", {
      headers: INTERNAL,
      body: { name: "Acme", email: "ops@acme.test", plan: "starter", limits: { renders_per_minute: 5 } },
    });
    expect(res.status).toBe(201);
    expect(res.json.api_key).toMatch(/^folio_sk_[A-Za-z0-9]{40}$/);
    expect(res.json.key_id).toMatch(/^key_[a-z0-9]{24}$/);
    expect(res.json.account).toMatchObject({
      object: "account",
      name: "Acme",
      email: null,
      plan: "starter",
      status: "active",
      verified: false,
      trial: false,
      webhook_secret: null,
      webhook_signature_header: "X-Service-Signature",
      rate_limit: { renders_per_minute: 5, window_seconds: 60, scope: "api_key" },
      limits: { free_renders_per_month: 2000, monthly_spend_cap_usd: 100 },
    });
    expect(res.json.account.id).toMatch(/^acct_[a-z0-9]{24}$/);
    expect(res.json.account.webhook_secret_prefix).toMatch(/^whsec_[A-Za-z0-9]{6}$/);
    expect((await call("GET", "/v1/templates", { key: res.json.api_key })).status).toBe(200);
  });

  it.each([
    [{}, "name"],
    [{ name: "" }, "name"],
    [{ name: "x", plan: "gold" }, "plan"],
    [{ name: "x", email: "not-an-email" }, "email"],
    [{ name: "x", limits: { renders_per_minute: 0 } }, "limits.renders_per_minute"],
    [{ name: "x", limits: { bogus: 1 } }, "limits.bogus"],
  ])("refuses account body %j at %s", async (body, path) => {
    const error = expectError(
      await call("POST", "/v1/internal/accounts", { headers: INTERNAL, body }),
      400,
      "invalid_request",
    );
    expect(error.errors?.map((e) => e.path)).toContain(path);
  });

  it("mints a 50-render trial", async () => {
    const res = await call("POST", "/v1/internal/trials", { headers: INTERNAL });
    expect(res.status).toBe(201);
    expect(res.json.account).toMatchObject({
      trial: true,
      plan: "free",
      limits: { free_renders_per_month: 50, monthly_spend_cap_usd: 0 },
      rate_limit: { renders_per_minute: 60 },
    });
    expect((await call("GET", "/v1/templates", { key: res.json.api_key })).status).toBe(200);
  });

  it("issues extra keys and revokes one without touching the others", async () => {
    const created = await call("POST", "/v1/internal/accounts", { headers: INTERNAL, body: { name: "A" } });
    const second = await call("POST", `/v1/internal/accounts/${created.json.account.id}/keys`, { headers: INTERNAL });
    expect(second.status).toBe(201);
    expect(second.json.api_key).not.toBe(created.json.api_key);
    const revoked = await call("DELETE", `/v1/internal/keys/${created.json.key_id}`, { headers: INTERNAL });
    expect(revoked.json).toEqual({ id: created.json.key_id, revoked: true });
    expectError(await call("GET", "/v1/templates", { key: created.json.api_key }), 401, "authentication_error");
    expect((await call("GET", "/v1/templates", { key: second.json.api_key })).status).toBe(200);
    expect((await call("DELETE", `/v1/internal/keys/${created.json.key_id}`, { headers: INTERNAL })).status).toBe(200);
    expectError(await call("DELETE", "/v1/internal/keys/key_unknown", { headers: INTERNAL }), 404, "not_found");
    expectError(await call("POST", "/v1/internal/accounts/acct_unknown/keys", { headers: INTERNAL }), 404, "not_found");
  });

  it("changes plan, status and limits, and resets a limit with null", async () => {
    const created = await call("POST", "/v1/internal/accounts", { headers: INTERNAL, body: { name: "A" } });
    const id = created.json.account.id;
    const patched = await call("PATCH", `/v1/internal/accounts/${id}`, {
      headers: INTERNAL,
      body: { plan: "growth", status: "suspended", limits: { monthly_spend_cap_usd: 12.5 } },
    });
    expect(patched.json).toMatchObject({
      plan: "growth",
      status: "suspended",
      limits: { free_renders_per_month: 10000, monthly_spend_cap_usd: 12.5 },
      rate_limit: { renders_per_minute: 600 },
    });
    const reset = await call("PATCH", `/v1/internal/accounts/${id}`, {
      headers: INTERNAL,
      body: { limits: { monthly_spend_cap_usd: null } },
    });
    expect(reset.json.limits.monthly_spend_cap_usd).toBe(500);
    expectError(
      await call("PATCH", `/v1/internal/accounts/${id}`, { headers: INTERNAL, body: { status: "closed" } }),
      400,
      "invalid_request",
    );
    expectError(
      await call("PATCH", "/v1/internal/accounts/acct_none", { headers: INTERNAL, body: { plan: "payg" } }),
      404,
      "not_found",
    );
  });

  it("issues verification tokens that work once", async () => {
    const created = await call("POST", "/v1/internal/accounts", { headers: INTERNAL, body: { name: "A" } });
    const res = await call("POST", `/v1/internal/accounts/${created.json.account.id}/verification`, {
      headers: INTERNAL,
      body: { email: "me@example.test" },
    });
    expect(res.status).toBe(201);
    expect(res.json.verify_url).toBe(`http://localhost:8787/v1/verify?token=${res.json.token}`);
    // The token given twice: the first one counts, as it always has.
    const verified = await call("GET", `/v1/verify?token=${res.json.token}&token=vt_second`);
    expect(verified.json).toEqual({
      object: "verification",
      account: created.json.account.id,
      email: "me@example.test",
      verified: true,
    });
    expectError(await call("GET", `/v1/verify?token=${res.json.token}`), 400, "invalid_request");
    expectError(await call("GET", "/v1/verify?token=vt_nonsense"), 400, "invalid_request");
    expectError(await call("GET", "/v1/verify"), 400, "invalid_request");
  });

  it("refuses a verification token older than 24 hours", async () => {
    const { env } = await import("cloudflare:workers");
    const created = await call("POST", "/v1/internal/accounts", { headers: INTERNAL, body: { name: "A" } });
    const res = await call("POST", `/v1/internal/accounts/${created.json.account.id}/verification`, {
      headers: INTERNAL,
      body: { email: "late@example.test" },
    });
    await env.DB.prepare("UPDATE verification_tokens SET expires_at = ? WHERE account_id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), created.json.account.id)
      .run();
    expectError(await call("GET", `/v1/verify?token=${res.json.token}`), 400, "invalid_request");
    const account = await call("GET", "/v1/account", { key: created.json.api_key });
    expect(account.json).toMatchObject({ email: null, verified: false });
  });
});
