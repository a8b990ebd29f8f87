import { env } from "cloudflare:workers";
import { describe, expect, inject, it, vi } from "vitest";
import { call, newAccount } from "../helpers";
import { until } from "../poll";

const CARD = { name: "card", engine: "satori", source: "<div style='display:flex;font-size:40px'>Hook {{ n }}</div>" };
const encoder = new TextEncoder();

interface Delivery {
  path: string;
  headers: Record<string, string>;
  body: string;
}

async function receivedOn(key: string): Promise<Delivery[]> {
  return (await (await fetch(`${inject("receiverUrl")}/log/${encodeURIComponent(key)}`)).json()) as Delivery[];
}

async function hmacHex(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return [...new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(body)))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");
}

/** What a receiver must do: recompute the HMAC over the raw bytes and compare in constant time before parsing. */
async function verify(delivery: Delivery, secret: string): Promise<boolean> {
  const expected = encoder.encode(`sha256=${await hmacHex(secret, delivery.body)}`);
  const given = encoder.encode(delivery.headers["x-service-signature"] ?? "");
  return expected.byteLength === given.byteLength && crypto.subtle.timingSafeEqual(expected, given);
}

async function queuedWithHook(path: string, n = Math.random()) {
  const { api_key: key } = await newAccount();
  const secret = (await call("GET", "/v1/account", { key })).json.webhook_secret as string;
  await call("POST", "/v1/templates", { key, body: CARD });
  const tag = `${path}-${crypto.randomUUID()}`;
  const res = await call("POST", "/v1/render", {
    key,
    body: { template: "card", data: { n }, webhook_url: `${inject("receiverUrl")}/${tag}` },
  });
  expect(res.status).toBe(202);
  expect(res.json.webhook_status).toBe("pending");
  return { key, secret, tag, id: res.json.id as string };
}

const settled = (key: string, id: string) =>
  until(
    () => call("GET", `/v1/renders/${id}`, { key }),
    (r) => r.json.webhook_status !== "pending",
  );

describe("webhook deliveries", () => {
  it("delivers render.succeeded once, signed over the raw body, with the documented headers", async () => {
    const { key, secret, tag, id } = await queuedWithHook("ok");
    const render = await settled(key, id);
    expect(render.json).toMatchObject({ status: "succeeded", webhook_status: "delivered", webhook_attempts: 1 });
    const deliveries = await receivedOn(tag);
    expect(deliveries).toHaveLength(1);
    const [delivery] = deliveries;
    expect(await verify(delivery!, secret)).toBe(true);
    expect(delivery!.headers).toMatchObject({
      "content-type": "application/json",
      "x-service-delivery": id,
      "x-service-attempt": "1",
    });
    expect(Math.abs(Number(delivery!.headers["x-service-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);
    const body = JSON.parse(delivery!.body);
    expect(body.type).toBe("render.succeeded");
    expect(new Date(body.created_at).toISOString()).toBe(body.created_at);
    expect(body.data).toMatchObject({
      object: "render",
      id,
      status: "succeeded",
      url: expect.stringContaining(`/v1/files/${id}?expires=`),
    });
  });

  it("succeeds on the third attempt after two 500s", async () => {
    const { key, secret, tag, id } = await queuedWithHook("fail-twice");
    const render = await settled(key, id);
    expect(render.json).toMatchObject({ webhook_status: "delivered", webhook_attempts: 3 });
    const deliveries = await receivedOn(tag);
    expect(deliveries.map((d) => d.headers["x-service-attempt"])).toEqual(["1", "2", "3"]);
    expect(new Set(deliveries.map((d) => d.headers["x-service-delivery"]))).toEqual(new Set([id]));
    for (const d of deliveries) expect(await verify(d, secret)).toBe(true);
  });

  it("stops after five failures and ends failed", async () => {
    const { key, tag, id } = await queuedWithHook("fail");
    const render = await settled(key, id);
    expect(render.json).toMatchObject({ webhook_status: "failed", webhook_attempts: 5 });
    await new Promise((r) => setTimeout(r, 1500));
    expect((await receivedOn(tag)).map((d) => d.headers["x-service-attempt"])).toEqual(["1", "2", "3", "4", "5"]);
  });

  it("logs each failed attempt as one warning line with the render id and the reason, never a stack", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const error = vi.spyOn(console, "error");
    try {
      const { key, id } = await queuedWithHook("fail");
      await settled(key, id);
      const lines = warn.mock.calls.filter(([line]) => String(line).includes(id)).map(([line]) => line as string);
      expect(lines).toHaveLength(5);
      expect(lines[0]).toMatch(
        new RegExp(
          `^webhook of ${id} to 127\\.0\\.0\\.1:\\d+: attempt 1 failed \\(answered HTTP 500\\); next attempt in [\\d.]+ s$`,
        ),
      );
      expect(lines[4]).toMatch(/attempt 5 failed \(answered HTTP 500\); no attempts left$/);
      for (const line of lines) expect(line).not.toContain("\n");
      expect(error.mock.calls.filter((call) => call.join(" ").includes(id))).toEqual([]);
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });

  it("counts a 302 as a failure and never follows it", async () => {
    const { key, id } = await queuedWithHook("redirect");
    const render = await settled(key, id);
    expect(render.json).toMatchObject({ webhook_status: "failed", webhook_attempts: 5 });
    expect(await receivedOn(`redirected`)).toEqual([]);
  });

  it("reads no more than 64 KB of a huge answer and still counts the 200", async () => {
    const { key, id } = await queuedWithHook("huge");
    const render = await settled(key, id);
    expect(render.json).toMatchObject({ webhook_status: "delivered", webhook_attempts: 1 });
  });

  it("signs the next delivery with a rotated secret", async () => {
    const { api_key: key } = await newAccount();
    const old = (await call("GET", "/v1/account", { key })).json.webhook_secret as string;
    const rotated = (await call("POST", "/v1/account/webhook-secret", { key })).json.webhook_secret as string;
    await call("POST", "/v1/templates", { key, body: CARD });
    const tag = `ok-rotated-${crypto.randomUUID()}`;
    const res = await call("POST", "/v1/render", {
      key,
      body: { template: "card", data: { n: "rotated" }, webhook_url: `${inject("receiverUrl")}/${tag}` },
    });
    await settled(key, res.json.id);
    const [delivery] = await receivedOn(tag);
    expect(await verify(delivery!, rotated)).toBe(true);
    expect(await verify(delivery!, old)).toBe(false);
  });

  it("sends no webhook for inline renders and cache hits", async () => {
    const { api_key: key } = await newAccount();
    await call("POST", "/v1/templates", { key, body: CARD });
    await call("POST", "/v1/render", { key, body: { template: "card", data: { n: "inline" } } });
    const tag = `ok-cachehit-${crypto.randomUUID()}`;
    const hit = await call("POST", "/v1/render", {
      key,
      body: { template: "card", data: { n: "inline" }, webhook_url: `${inject("receiverUrl")}/${tag}` },
    });
    expect(hit.status).toBe(200);
    expect(hit.json).toMatchObject({ cached: true, webhook_status: null });
    await new Promise((r) => setTimeout(r, 500));
    expect(await receivedOn(tag)).toEqual([]);
    expect(env.WEBHOOKS).toBeDefined();
  });
});

describe("a receiver that hangs", () => {
  it("is cut at 5 s per attempt and ends failed after five", { timeout: 60_000 }, async () => {
    const { key, id } = await queuedWithHook("hang");
    const started = Date.now();
    const first = await until(
      () => call("GET", `/v1/renders/${id}`, { key }),
      (r) => r.json.webhook_attempts >= 1,
      15_000,
    );
    expect(first.json.webhook_attempts).toBeGreaterThanOrEqual(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_000);
    const render = await until(
      () => call("GET", `/v1/renders/${id}`, { key }),
      (r) => r.json.webhook_status !== "pending",
      50_000,
    );
    expect(render.json).toMatchObject({ webhook_status: "failed", webhook_attempts: 5 });
  });
});
