import { describe, expect, it } from "vitest";
import { call, expectError, newAccount } from "../helpers";

describe("request plumbing", () => {
  it("echoes the caller's x-request-id and generates one otherwise", async () => {
    const echoed = await call("GET", "/healthz", { headers: { "x-request-id": "trace-123" } });
    expect(echoed.headers.get("x-request-id")).toBe("trace-123");
    const fresh = await call("GET", "/healthz");
    expect(fresh.headers.get("x-request-id")).toMatch(/^req_[a-z0-9]{24}$/);
    const failed = await call("GET", "/v1/templates");
    expect(failed.headers.get("x-request-id")).toMatch(/^req_/);
  });

  it("answers unknown routes with a not_found envelope", async () => {
    const { api_key } = await newAccount();
    expectError(await call("GET", "/v1/no-such-thing", { key: api_key }), 404, "not_found");
    expectError(await call("GET", "/nothing-here"), 404, "not_found");
  });

  it("refuses a body that is not JSON on a POST, whatever its content-type", async () => {
    const { api_key } = await newAccount();
    for (const contentType of ["application/json", "text/plain", "application/x-www-form-urlencoded"]) {
      const error = expectError(
        await call("POST", "/v1/templates", {
          key: api_key,
          rawBody: "{not json",
          headers: { "content-type": contentType },
        }),
        400,
        "invalid_request",
      );
      expect(error.errors?.[0]?.path).toBe("body");
    }
  });

  it("parses a JSON body sent without a JSON content-type (curl -d)", async () => {
    const { api_key } = await newAccount();
    const res = await call("POST", "/v1/templates", {
      key: api_key,
      rawBody: JSON.stringify({ name: "plain", source: "x" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(201);
  });

  it("refuses bodies over 5 MiB with details.max_bytes", async () => {
    const { api_key } = await newAccount();
    const source = "x".repeat(5 * 1024 * 1024 + 10);
    const error = expectError(
      await call("POST", "/v1/templates", { key: api_key, body: { name: "big", source } }),
      400,
      "invalid_request",
    );
    expect(error.details.max_bytes).toBe(5 * 1024 * 1024);
  });

  it("serves a docs page for every error type and 404s an unknown one", async () => {
    for (const type of [
      "invalid_request",
      "asset_blocked",
      "authentication_error",
      "quota_exceeded",
      "spend_cap_exceeded",
      "permission_error",
      "not_found",
      "conflict",
      "validation_error",
      "rate_limited",
      "render_failed",
      "internal_error",
    ]) {
      const page = await call("GET", `/docs/errors/${type}`);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toContain("text/html");
      expect(page.text).toContain(type);
    }
    expectError(await call("GET", "/docs/errors/teapot"), 404, "not_found");
  });

  it("checks database and storage for real, and answers 503 naming the renderer when it is unreachable", async () => {
    const res = await call("GET", "/healthz");
    expect(res.status).toBe(503);
    expect(res.json).toMatchObject({ status: "unavailable", checks: { database: "ok", storage: "ok" } });
    expect(res.json.checks.renderer).toMatch(/render backend unreachable/);
  });
});
