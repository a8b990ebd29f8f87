import { describe, expect, it } from "vitest";
import { call, expectError, INTERNAL, newAccount } from "../helpers";

/** The attempts every protected operation must refuse alike: no key, malformed ones, an unknown one, a revoked one. */
async function refusedKeys(): Promise<Array<{ key?: string; headers?: Record<string, string> }>> {
  const { api_key, key_id } = await newAccount();
  await call("DELETE", `/v1/internal/keys/${key_id}`, { headers: INTERNAL });
  return [
    {},
    { headers: { authorization: "Bearer" } },
    { headers: { authorization: "Basic dXNlcjpwYXNz" } },
    { headers: { authorization: "Bearer not-a-key" } },
    { headers: { "x-api-key": "folio_sk_short" } },
    { headers: { authorization: `Bearer folio_sk_${"A".repeat(40)}` } },
    { key: api_key },
  ];
}

/** The operations of /openapi.json, each with whether it documents an API key; path parameters filled in. */
async function documentedOperations(): Promise<Array<{ method: string; path: string; keyed: boolean }>> {
  const document = (await call("GET", "/openapi.json")).json as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path: path.replace(/\{[^}]+\}/g, "x"),
      keyed: (operation.security ?? []).length > 0,
    })),
  );
}

describe("API key authentication", () => {
  it("every operation that documents a key answers the same 401 for missing, malformed, unknown and revoked keys", async () => {
    const operations = await documentedOperations();
    // Every /v1 operation but the three keyless ones documents its key, so every one is in this suite.
    const keyless = operations.filter((o) => o.path.startsWith("/v1/") && !o.keyed).map((o) => `${o.method} ${o.path}`);
    expect(keyless.sort()).toEqual(["GET /v1/files/x", "GET /v1/verify", "POST /v1/trials"]);
    const keyed = operations.filter((o) => o.keyed).map((o): [string, string] => [o.method, o.path]);
    const attempts = await refusedKeys();
    const messages = new Set<string>();
    for (const [method, path] of [...keyed, ["GET", "/v1/unknown-route"] as [string, string]]) {
      for (const attempt of attempts) {
        const answer = await call(method, path, { ...attempt, ...(method === "GET" ? {} : { body: {} }) });
        const error = expectError(answer, 401, "authentication_error");
        messages.add(error.message);
      }
    }
    expect(messages.size).toBe(1);
  });

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
