import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../../src/index";
import { call, expectError, newAccount } from "../../helpers";
import { deliver } from "../../queue";

const CARD = { name: "card", engine: "satori", source: "<div style='display:flex;font-size:48px'>Hi {{ who }}</div>" };

describe("queued renders", () => {
  it("queues on async, renders once in the consumer, and ignores a redelivery", async () => {
    const { api_key: key, account } = await newAccount();
    await call("POST", "/v1/templates", { key, body: CARD });
    const queued = await call("POST", "/v1/render", {
      key,
      body: { template: "card", data: { who: "Q" }, async: true },
    });
    expect(queued.status).toBe(202);
    expect(queued.json).toMatchObject({
      status: "queued",
      url: null,
      expires_at: null,
      page_count: null,
      billable_units: null,
      byte_size: null,
      completed_at: null,
      webhook_status: null,
    });
    const first = await deliver(queued.json.id);
    expect(first.explicitAcks).toEqual([`m-${queued.json.id}-1`]);
    const done = await call("GET", `/v1/renders/${queued.json.id}`, { key });
    expect(done.json).toMatchObject({ status: "succeeded", page_count: 1, billable_units: 1 });
    const redelivered = await deliver(queued.json.id, 2);
    expect(redelivered.explicitAcks).toHaveLength(1);
    const after = await call("GET", `/v1/renders/${queued.json.id}`, { key });
    expect(after.json.completed_at).toBe(done.json.completed_at);
    expect((await env.FILES.list({ prefix: `renders/${account.id}/` })).objects).toHaveLength(1);
    expect(await env.FILES.head(`payloads/${queued.json.id}.json`)).toBeNull();
  });

  it("marks webhook_status pending on a render queued with a webhook_url", async () => {
    const { api_key: key } = await newAccount();
    await call("POST", "/v1/templates", { key, body: CARD });
    const queued = await call("POST", "/v1/render", {
      key,
      body: { template: "card", data: { who: "W" }, webhook_url: "https://example.com/hook" },
    });
    expect(queued.status).toBe(202);
    expect(queued.json).toMatchObject({ status: "queued", webhook_status: "pending", webhook_attempts: 0 });
  });

  it("closes a render whose message reached the dead-letter queue as failed", async () => {
    const { api_key: key } = await newAccount();
    await call("POST", "/v1/templates", { key, body: { name: "pdf", source: "<p>{{ who }}</p>" } });
    const queued = await call("POST", "/v1/render", {
      key,
      body: { template: "pdf", data: { who: "D" }, async: true },
    });
    const batch = createMessageBatch("folio-renders-dlq", [
      { id: "dlq-1", timestamp: new Date(), attempts: 1, body: { renderId: queued.json.id } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch as never, env);
    await getQueueResult(batch, ctx);
    const failed = await call("GET", `/v1/renders/${queued.json.id}`, { key });
    expect(failed.status).toBe(200);
    expect(failed.json).toMatchObject({ status: "failed", url: null, error: { type: "internal_error" } });
  });
});

describe("GET /v1/renders", () => {
  it("lists newest first, pages with starting_after and has_more, filters by status", async () => {
    const { api_key: key } = await newAccount();
    await call("POST", "/v1/templates", { key, body: CARD });
    const ids: string[] = [];
    for (const who of ["a", "b", "c"])
      ids.push((await call("POST", "/v1/render", { key, body: { template: "card", data: { who } } })).json.id);
    const queued = (
      await call("POST", "/v1/render", { key, body: { template: "card", data: { who: "d" }, async: true } })
    ).json.id;
    const page1 = await call("GET", "/v1/renders?limit=2", { key });
    expect(page1.json).toMatchObject({ object: "list", has_more: true });
    expect(page1.json.data.map((r: { id: string }) => r.id)).toEqual([queued, ids[2]]);
    const page2 = await call("GET", `/v1/renders?limit=2&starting_after=${ids[2]}`, { key });
    expect(page2.json.data.map((r: { id: string }) => r.id)).toEqual([ids[1], ids[0]]);
    expect(page2.json.has_more).toBe(false);
    const succeeded = await call("GET", "/v1/renders?status=succeeded", { key });
    expect(succeeded.json.data).toHaveLength(3);
    expect((await call("GET", "/v1/renders", { key })).json.data.length).toBe(4);
    // A key given twice means its first value, as v1 read it: the second is neither an array nor a refusal.
    const repeated = await call("GET", "/v1/renders?limit=1&limit=3&status=succeeded&status=done", { key });
    expect(repeated.status).toBe(200);
    expect(repeated.json.data.map((r: { id: string }) => r.id)).toEqual([ids[2]]);
    expectError(await call("GET", "/v1/renders?limit=abc&limit=1", { key }), 400, "invalid_request");
  });

  it.each(["limit=0", "limit=101", "limit=abc", "status=done", "starting_after=rnd_nothere"])(
    "refuses %s with 400",
    async (query) => {
      const { api_key: key } = await newAccount();
      expectError(await call("GET", `/v1/renders?${query}`, { key }), 400, "invalid_request");
    },
  );
});

describe("GET /v1/renders/{id}", () => {
  it("400s a malformed id and 404s an unknown or foreign one", async () => {
    const a = await newAccount();
    const b = await newAccount();
    await call("POST", "/v1/templates", { key: a.api_key, body: CARD });
    const render = await call("POST", "/v1/render", { key: a.api_key, body: { template: "card", data: { who: "x" } } });
    expectError(await call("GET", "/v1/renders/RND_UPPER", { key: a.api_key }), 400, "invalid_request");
    expectError(await call("GET", "/v1/renders/rnd_unknown", { key: a.api_key }), 404, "not_found");
    expectError(await call("GET", `/v1/renders/${render.json.id}`, { key: b.api_key }), 404, "not_found");
  });

  it("still re-signs a render after its template is deleted", async () => {
    const { api_key: key } = await newAccount();
    await call("POST", "/v1/templates", { key, body: CARD });
    const render = await call("POST", "/v1/render", { key, body: { template: "card", data: { who: "gone" } } });
    await call("DELETE", "/v1/templates/card", { key });
    const again = await call("GET", `/v1/renders/${render.json.id}`, { key });
    expect(again.json.url).toBeTruthy();
    const url = new URL(again.json.url);
    expect((await call("GET", url.pathname + url.search)).status).toBe(200);
  });
});
