import { describe, expect, it } from "vitest";
import { call, expectError, INTERNAL, newAccount } from "../helpers";

const PROTECTED: Array<[string, string, unknown?]> = [
  ["GET", "/v1/templates"],
  ["POST", "/v1/templates", { name: "x", source: "x" }],
  ["GET", "/v1/templates/x"],
  ["DELETE", "/v1/templates/x"],
  ["GET", "/v1/templates/x/versions"],
  ["POST", "/v1/templates/x/versions", { source: "x" }],
  ["POST", "/v1/templates/x/validate", { data: {} }],
  ["GET", "/v1/unknown-route"],
];

describe("API key authentication", () => {
  it.each(PROTECTED)(
    "%s %s answers the same 401 for missing, malformed, unknown and revoked keys",
    async (method, path, body) => {
      const { api_key, key_id } = await newAccount();
      await call("DELETE", `/v1/internal/keys/${key_id}`, { headers: INTERNAL });
      const attempts: Array<{ key?: string; headers?: Record<string, string> }> = [
        {},
        { headers: { authorization: "Bearer" } },
        { headers: { authorization: "Basic dXNlcjpwYXNz" } },
        { headers: { authorization: "Bearer not-a-key" } },
        { headers: { "x-api-key": "folio_sk_short" } },
        { headers: { authorization: `Bearer folio_sk_${"A".repeat(40)}` } },
        { key: api_key },
      ];
      const messages = new Set<string>();
      for (const attempt of attempts) {
        const error = expectError(await call(method, path, { ...attempt, body }), 401, "authentication_error");
        messages.add(error.message);
      }
      expect(messages.size).toBe(1);
    },
  );

  it("accepts the key as a Bearer token or in X-API-Key", async () => {
    const { api_key } = await newAccount();
    expect((await call("GET", "/v1/templates", { headers: { authorization: `Bearer ${api_key}` } })).status).toBe(200);
    expect((await call("GET", "/v1/templates", { headers: { authorization: `bearer ${api_key}` } })).status).toBe(200);
    expect((await call("GET", "/v1/templates", { headers: { "x-api-key": api_key } })).status).toBe(200);
  });

  it("checks the key before the body", async () => {
    expectError(await call("POST", "/v1/templates", { rawBody: "{broken" }), 401, "authentication_error");
  });

  it("stores only the SHA-256 of a key", async () => {
    const { env } = await import("cloudflare:workers");
    const { api_key, key_id } = await newAccount();
    const row = await env.DB.prepare("SELECT * FROM api_keys WHERE id = ?")
      .bind(key_id)
      .first<Record<string, unknown>>();
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(api_key));
    expect(row?.key_hash).toBe([...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join(""));
    expect(row?.prefix).toBe(api_key.slice(0, 12));
    expect(JSON.stringify(row)).not.toContain(api_key);
  });

  it("leaves /healthz, /openapi.json and /docs open", async () => {
    expect((await call("GET", "/healthz")).json.checks.database).toBe("ok");
    expect((await call("GET", "/openapi.json")).status).toBe(200);
    expect((await call("GET", "/docs/errors/not_found")).status).toBe(200);
  });
});
