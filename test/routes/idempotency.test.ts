import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../src/lib/crypto";
import { canonicalJson } from "../../src/lib/jcs";
import { payloadKeys } from "../../src/lib/payload-keys";
import { call, expectError, newAccount } from "../helpers";

const CARD = { name: "card", engine: "satori", source: "<div style='display:flex;font-size:48px'>Once {{ n }}</div>" };

const post = (key: string, path: string, body: unknown, idempotencyKey: string) =>
  call("POST", path, { key, body, headers: { "idempotency-key": idempotencyKey } });

describe("Idempotency-Key", () => {
  it("two identical renders sent in parallel create one render and bill once; the other is a replay or in use", async () => {
    const { api_key: key } = await newAccount();
    await call("POST", "/v1/templates", { key, body: CARD });
    const body = { template: "card", data: { n: "parallel" } };
    const [a, b] = await Promise.all([
      post(key, "/v1/render", body, "k-parallel"),
      post(key, "/v1/render", body, "k-parallel"),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    if (statuses[1] === 409)
      expect([a, b].find((r) => r.status === 409)!.json.error.details).toEqual({ code: "idempotency_key_in_use" });
    else expect(a.json.id).toBe(b.json.id);
    const replay = await post(key, "/v1/render", body, "k-parallel");
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.json.id).toBe([a, b].find((r) => r.status === 200)!.json.id);
    expect((await call("GET", "/v1/renders", { key })).json.data).toHaveLength(1);
    expect((await call("GET", "/v1/usage", { key })).json.units.used).toBe(1);
  });

  it("stores the request's fingerprint as an HMAC under PAYLOAD_SECRET, never a bare hash of a body that may hold passwords", async () => {
    const { api_key: key, account } = await newAccount();
    await call("POST", "/v1/templates", { key, body: CARD });
    const body = { template: "card", data: { n: "fingerprint" } };
    expect((await post(key, "/v1/render", body, "k-fingerprint")).status).toBe(200);
    const row = await env.DB.prepare("SELECT fingerprint FROM idempotency_keys WHERE account_id = ? AND key = ?")
      .bind(account.id, "k-fingerprint")
      .first<{ fingerprint: string }>();
    const request = `POST /v1/render\n${canonicalJson(body)}`;
    expect(row!.fingerprint).toBe(await payloadKeys(() => "test-payload-secret").digest(request));
    expect(row!.fingerprint).not.toBe(await sha256Hex(request));
    // A key kept before fingerprints were keyed (its bare hash stored) still replays the same request, once deployed.
    await env.DB.prepare("UPDATE idempotency_keys SET fingerprint = ? WHERE account_id = ? AND key = ?")
      .bind(await sha256Hex(request), account.id, "k-fingerprint")
      .run();
    const replay = await post(key, "/v1/render", body, "k-fingerprint");
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expectError(await post(key, "/v1/render", { ...body, data: { n: "other" } }, "k-fingerprint"), 409, "conflict");
  });

  it("a replay costs no rate unit: the key's window is not touched", async () => {
    const { api_key: key } = await newAccount({ limits: { renders_per_minute: 2 } });
    await call("POST", "/v1/templates", { key, body: CARD });
    const body = { template: "card", data: { n: "rate" } };
    const first = await post(key, "/v1/render", body, "k-rate");
    expect(first.headers.get("x-ratelimit-remaining")).toBe("1");
    for (let i = 0; i < 5; i++)
      expect((await post(key, "/v1/render", body, "k-rate")).headers.get("idempotent-replayed")).toBe("true");
    const next = await call("POST", "/v1/render", { key, body: { template: "card", data: { n: "another" } } });
    expect(next.status).toBe(200);
    expect(next.headers.get("x-ratelimit-remaining")).toBe("0");
  });

  it("the same key with another body or another path is 409 idempotency_key_reused", async () => {
    const { api_key: key } = await newAccount();
    await call("POST", "/v1/templates", { key, body: CARD });
    expect((await post(key, "/v1/render", { template: "card", data: { n: 1 } }, "k-reused")).status).toBe(200);
    const otherBody = expectError(
      await post(key, "/v1/render", { template: "card", data: { n: 2 } }, "k-reused"),
      409,
      "conflict",
    );
    expect(otherBody.details).toEqual({ code: "idempotency_key_reused" });
    expect(
      expectError(await post(key, "/v1/render/batch", { renders: [{ template: "card" }] }, "k-reused"), 409, "conflict")
        .details,
    ).toEqual({ code: "idempotency_key_reused" });
    expect(
      (await post(key, "/v1/render", { data: { n: 1 }, template: "card" }, "k-reused")).headers.get(
        "idempotent-replayed",
      ),
    ).toBe("true");
  });

  it("keeps no key a 500 answered: the retry with the same key runs again", async () => {
    const { api_key: key } = await newAccount();
    await call("POST", "/v1/templates", {
      key,
      body: { name: "shiny", engine: "satori", source: "<div style='display:flex'>{{ x | shiny }}</div>" },
    });
    const body = { template: "shiny", data: { x: 1 } };
    const first = await post(key, "/v1/render", body, "k-failed");
    expectError(first, 500, "render_failed");
    const again = await post(key, "/v1/render", body, "k-failed");
    expectError(again, 500, "render_failed");
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    expect((await call("GET", "/v1/renders", { key })).json.data).toHaveLength(2);
  });

  it("is scoped to the account: another account's same key runs its own request", async () => {
    const one = await newAccount();
    const two = await newAccount();
    const a = await post(one.api_key, "/v1/templates", CARD, "k-shared");
    const b = await post(two.api_key, "/v1/templates", CARD, "k-shared");
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.json.id).not.toBe(b.json.id);
  });

  it("replays template create and publish answers, errors below 500 included, and never publishes twice", async () => {
    const { api_key: key } = await newAccount();
    const created = await post(key, "/v1/templates", CARD, "k-create");
    const again = await post(key, "/v1/templates", CARD, "k-create");
    expect([created.status, again.status]).toEqual([201, 201]);
    expect(again.json).toEqual(created.json);
    const v2 = { source: "<div style='display:flex'>v2</div>", message: "second" };
    expect((await post(key, "/v1/templates/card/versions", v2, "k-publish")).json.version).toBe(2);
    expect((await post(key, "/v1/templates/card/versions", v2, "k-publish")).json.version).toBe(2);
    expect((await call("GET", "/v1/templates/card/versions", { key })).json.data).toHaveLength(2);
    const refused = await post(key, "/v1/templates/card/versions", { source: "" }, "k-bad");
    expect(refused.status).toBe(400);
    const replayedRefusal = await post(key, "/v1/templates/card/versions", { source: "" }, "k-bad");
    expect(replayedRefusal.status).toBe(400);
    expect(replayedRefusal.headers.get("idempotent-replayed")).toBe("true");
  });

  it("a queued render's replay sends no second webhook and queues nothing more", async () => {
    const { api_key: key } = await newAccount();
    await call("POST", "/v1/templates", { key, body: CARD });
    const body = { template: "card", data: { n: "queued" }, webhook_url: "https://example.com/hook" };
    const queued = await post(key, "/v1/render", body, "k-queued");
    const replay = await post(key, "/v1/render", body, "k-queued");
    expect([queued.status, replay.status]).toEqual([202, 202]);
    expect(replay.json.id).toBe(queued.json.id);
    expect((await call("GET", "/v1/renders", { key })).json.data).toHaveLength(1);
  });

  it("refuses a malformed key at Idempotency-Key, and keeps no key a 429 answered", async () => {
    const { api_key: key } = await newAccount({ limits: { renders_per_minute: 1 } });
    await call("POST", "/v1/templates", { key, body: CARD });
    for (const bad of ["", "x".repeat(256), "caf\u00e9"]) {
      const res = await call("POST", "/v1/render", {
        key,
        body: { template: "card" },
        headers: { "idempotency-key": bad },
      });
      expect(expectError(res, 400, "invalid_request").errors?.[0]?.path).toBe("Idempotency-Key");
    }
    expect((await call("POST", "/v1/render", { key, body: { template: "card", data: { n: "spend" } } })).status).toBe(
      200,
    );
    expect((await post(key, "/v1/render", { template: "card", data: { n: "later" } }, "k-429")).status).toBe(429);
    const kept = await env.DB.prepare("SELECT count(*) AS n FROM idempotency_keys WHERE key = 'k-429'").first<{
      n: number;
    }>();
    expect(kept?.n).toBe(0);
  });
});
