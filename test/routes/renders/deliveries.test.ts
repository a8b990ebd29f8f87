import { describe, expect, inject, it } from "vitest";
import { call, expectError, newAccount } from "../../helpers";
import { until } from "../../poll";

const CARD = { name: "card", engine: "satori", source: "<div style='display:flex;font-size:40px'>Hook {{ n }}</div>" };

async function accountWithCard() {
  const { api_key: key } = await newAccount();
  await call("POST", "/v1/templates", { key, body: CARD });
  return key;
}

async function hookedRender(key: string, path: string) {
  const res = await call("POST", "/v1/render", {
    key,
    body: { template: "card", data: { n: Math.random() }, webhook_url: `${inject("receiverUrl")}/${path}` },
  });
  expect(res.status).toBe(202);
  return res.json.id as string;
}

const settled = (key: string, id: string) =>
  until(
    () => call("GET", `/v1/renders/${id}`, { key }),
    (r) => r.json.webhook_status !== "pending",
  );

describe("a render's webhook deliveries", () => {
  it("lists each attempt newest first, with its status code and when the next one was due", async () => {
    const key = await accountWithCard();
    const id = await hookedRender(key, `fail-twice/${crypto.randomUUID()}?token=secret-token`);
    await settled(key, id);
    const list = await call("GET", `/v1/renders/${id}/deliveries`, { key });
    expect(list.status).toBe(200);
    expect(list.json.data.map((d: { attempt: number; status_code: number }) => [d.attempt, d.status_code])).toEqual([
      [3, 200],
      [2, 500],
      [1, 500],
    ]);
    expect(list.json.data[0]).toMatchObject({ manual: false, error: null, next_attempt_at: null });
    expect(list.json.data[2].next_attempt_at).not.toBeNull();
    expect(list.json.data[0].url_host).toBe(new URL(inject("receiverUrl")).host);
    expect(list.text).not.toContain("secret-token");
  });

  it("answers 404 for another account's render, on the list and the resend", async () => {
    const key = await accountWithCard();
    const id = await hookedRender(key, "ok");
    await settled(key, id);
    const other = await accountWithCard();
    expectError(await call("GET", `/v1/renders/${id}/deliveries`, { key: other }), 404, "not_found");
    expectError(await call("POST", `/v1/renders/${id}/deliveries`, { key: other }), 404, "not_found");
    expect((await call("GET", `/v1/renders/${id}/deliveries`, { key })).json.data).toHaveLength(1);
  });

  it("refuses a malformed id and a resend of a render made without a webhook_url (400)", async () => {
    const key = await accountWithCard();
    const bad = expectError(await call("POST", "/v1/renders/not-an-id/deliveries", { key }), 400, "invalid_request");
    expect(bad.errors?.[0]?.path).toBe("id");
    const inline = await call("POST", "/v1/render", { key, body: { template: "card", data: { n: 1 } } });
    expect(inline.status).toBe(200);
    const none = expectError(
      await call("POST", `/v1/renders/${inline.json.id}/deliveries`, { key }),
      400,
      "invalid_request",
    );
    expect(none.details).toEqual({ reason: "no_webhook_url" });
    expect((await call("GET", `/v1/renders/${inline.json.id}/deliveries`, { key })).json.data).toEqual([]);
  });
});

describe("POST /v1/webhooks/test", () => {
  it("refuses a body without a url, a relative url and another scheme (400 at url)", async () => {
    const key = await accountWithCard();
    for (const body of [{}, { url: "/hooks" }, { url: "ftp://example.com/x" }, { url: 42 }, { url: "x", extra: 1 }]) {
      const error = expectError(await call("POST", "/v1/webhooks/test", { key, body }), 400, "invalid_request");
      expect(error.errors?.[0]?.path, JSON.stringify(body)).toMatch(/^(url|extra)$/);
    }
  });

  it("delivers a signed test event and answers what the receiver said", async () => {
    const key = await accountWithCard();
    const tag = crypto.randomUUID();
    const ok = await call("POST", "/v1/webhooks/test", { key, body: { url: `${inject("receiverUrl")}/ok/${tag}` } });
    expect(ok.json).toMatchObject({ delivered: true, status_code: 200, error: null });
    const failed = await call("POST", "/v1/webhooks/test", {
      key,
      body: { url: `${inject("receiverUrl")}/fail/${tag}` },
    });
    expect(failed.json).toMatchObject({ delivered: false, status_code: 500, error: "failed" });
    const got = (await (await fetch(`${inject("receiverUrl")}/log/${tag}`)).json()) as Array<{
      headers: Record<string, string>;
      body: string;
    }>;
    expect(got[0]!.headers["webhook-id"]).toMatch(/^test_[a-z0-9]{24}$/);
    expect(got[0]!.headers["x-service-delivery"]).toBe(got[0]!.headers["webhook-id"]);
    expect(JSON.parse(got[0]!.body)).toEqual({ type: "test", created_at: expect.any(String), data: null });
  });
});

describe("the error kind of a delivery that got no answer", () => {
  it("names a refused connection, a name that does not resolve and a failed TLS handshake", async () => {
    const key = await accountWithCard();
    const { port } = new URL(inject("receiverUrl"));
    const urls = {
      connection_refused: `http://127.0.0.2:${port}/nobody-listens`,
      dns: "http://no-such-host.invalid/hooks",
      tls: `https://127.0.0.1:${port}/plain-http-only`,
    };
    const seen: Record<string, unknown> = {};
    for (const [kind, url] of Object.entries(urls)) {
      const res = await call("POST", "/v1/render", {
        key,
        body: { template: "card", data: { n: kind }, webhook_url: url },
      });
      const list = await until(
        () => call("GET", `/v1/renders/${res.json.id}/deliveries`, { key }),
        (l) => l.json.data.length > 0,
      );
      seen[kind] = list.json.data[0].error;
      expect(list.json.data[0].status_code, kind).toBeNull();
    }
    expect(seen).toEqual(Object.fromEntries(Object.keys(urls).map((kind) => [kind, kind])));
    const redirected = await hookedRender(key, `redirect/${crypto.randomUUID()}`);
    const list = await until(
      () => call("GET", `/v1/renders/${redirected}/deliveries`, { key }),
      (l) => l.json.data.length > 0,
    );
    expect(list.json.data[0]).toMatchObject({ status_code: 302, error: "redirect" });
  });
});

describe("deliveries to one host", () => {
  it("are capped at 60 a minute for the whole deployment, whichever keys send them", async () => {
    const { port } = new URL(inject("receiverUrl"));
    // A loopback address nothing listens on, of this test alone: the cap is counted per host.
    const host = `127.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}.9:${port}`;
    const keys = await Promise.all(Array.from({ length: 7 }, () => accountWithCard()));
    const answers = [];
    for (let i = 0; i < 61; i++) {
      const key = keys[Math.floor(i / 10)]!;
      answers.push(await call("POST", "/v1/webhooks/test", { key, body: { url: `http://${host}/hooks` } }));
    }
    expect(answers.slice(0, 60).map((a) => a.status)).toEqual(Array(60).fill(200));
    expect(answers[0]!.json).toMatchObject({ delivered: false, status_code: null, error: "failed" });
    const refused = expectError(answers[60]!, 429, "rate_limited");
    expect(refused.details).toMatchObject({ limit_name: "webhook_host_per_minute", limit: 60, host });
    expect(Number(answers[60]!.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
