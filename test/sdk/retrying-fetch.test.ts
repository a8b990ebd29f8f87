import { describe, expect, it } from "vitest";
import { retryingFetch } from "../../packages/sdk/src/retrying-fetch";

// What the service answers is scripted here; the real 429 and render_failed paths are in test/e2e/sdk.test.ts.
type Step = Response | Error;

function scripted(steps: Step[]) {
  const seen: Array<{ path: string; key: string | null; body: string }> = [];
  const fetch = async (request: Request) => {
    seen.push({
      path: new URL(request.url).pathname,
      key: request.headers.get("idempotency-key"),
      body: await request.text(),
    });
    const step = steps.shift()!;
    if (step instanceof Error) throw step;
    return step;
  };
  return { seen, fetch };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
const post = (path: string) => new Request(`http://folio.test${path}`, { method: "POST", body: '{"template":"t"}' });
const policy = { attempts: 4, maxRetryAfterSeconds: 60 };

describe("the SDK's retrying fetch", () => {
  it("gives a keyed POST one Idempotency-Key and sends it, with the same body, on every retry", async () => {
    const { seen, fetch } = scripted([
      new TypeError("connection reset"),
      json(409, { error: { type: "conflict", details: { code: "idempotency_key_in_use" } } }, { "retry-after": "0" }),
      json(200, { ok: true }),
    ]);
    const response = await retryingFetch(fetch, policy)(post("/v1/render"));
    expect(response.status).toBe(200);
    expect(seen).toHaveLength(3);
    expect(new Set(seen.map((s) => s.key)).size).toBe(1);
    expect(seen[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen.every((s) => s.body === '{"template":"t"}')).toBe(true);
  });

  it("never repeats an unkeyed POST after a network failure, since it may have run", async () => {
    const { seen, fetch } = scripted([new TypeError("connection reset"), json(200, {})]);
    await expect(retryingFetch(fetch, policy)(post("/v1/previews"))).rejects.toThrow("connection reset");
    expect(seen).toHaveLength(1);
    expect(seen[0]!.key).toBeNull();
  });

  it("answers a 429 as it is when its Retry-After is longer than the policy waits, and after the last attempt", async () => {
    const long = scripted([json(429, { error: { type: "rate_limited" } }, { "retry-after": "3600" })]);
    expect((await retryingFetch(long.fetch, policy)(post("/v1/render"))).status).toBe(429);
    expect(long.seen).toHaveLength(1);
    const always = scripted([0, 1].map(() => json(429, {}, { "retry-after": "0" })));
    expect((await retryingFetch(always.fetch, { ...policy, attempts: 2 })(post("/v1/render"))).status).toBe(429);
    expect(always.seen).toHaveLength(2);
  });

  it("keeps a key the caller chose", async () => {
    const { seen, fetch } = scripted([json(201, {})]);
    const request = post("/v1/templates/invoice/versions");
    request.headers.set("idempotency-key", "release-42");
    await retryingFetch(fetch, policy)(request);
    expect(seen[0]).toMatchObject({ path: "/v1/templates/invoice/versions", key: "release-42" });
  });
});
