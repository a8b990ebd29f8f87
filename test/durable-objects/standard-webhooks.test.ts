import { Webhook as StandardWebhook } from "standardwebhooks";
import { Webhook as SvixWebhook } from "svix";
import { describe, expect, inject, it } from "vitest";
import { call, newAccount } from "../helpers";
import { until } from "../poll";

// Real deliveries to the loopback receiver, verified by the two libraries receivers actually use.
const CARD = {
  name: "card",
  engine: "satori",
  source: "<div style='display:flex;font-size:40px'>Standard {{ n }}</div>",
};

interface Delivery {
  headers: Record<string, string>;
  body: string;
}

async function deliveredTo(tag: string, count: number): Promise<Delivery[]> {
  return until(
    async () => (await (await fetch(`${inject("receiverUrl")}/log/${encodeURIComponent(tag)}`)).json()) as Delivery[],
    (log) => log.length >= count,
  );
}

/** Both libraries, with the secret exactly as GET /v1/account showed it. */
function verifiedByBoth(delivery: Delivery, secret: string): boolean {
  const headers = {
    "webhook-id": delivery.headers["webhook-id"]!,
    "webhook-timestamp": delivery.headers["webhook-timestamp"]!,
    "webhook-signature": delivery.headers["webhook-signature"]!,
  };
  try {
    new StandardWebhook(secret).verify(delivery.body, headers);
    new SvixWebhook(secret).verify(delivery.body, {
      "svix-id": headers["webhook-id"],
      "svix-timestamp": headers["webhook-timestamp"],
      "svix-signature": headers["webhook-signature"],
    });
    return true;
  } catch {
    return false;
  }
}

async function queuedWithHook(path: string, key: string) {
  const tag = `${path}-${crypto.randomUUID()}`;
  const res = await call("POST", "/v1/render", {
    key,
    body: { template: "card", data: { n: tag }, webhook_url: `${inject("receiverUrl")}/${tag}` },
  });
  expect(res.status).toBe(202);
  return { tag, id: res.json.id as string };
}

describe("Standard Webhooks signatures", () => {
  it("every attempt of a retried delivery verifies with standardwebhooks and svix, with webhook-id the render id", async () => {
    const { api_key: key } = await newAccount();
    const secret = (await call("GET", "/v1/account", { key })).json.webhook_secret as string;
    await call("POST", "/v1/templates", { key, body: CARD });
    const { tag, id } = await queuedWithHook("fail-twice", key);
    const deliveries = await deliveredTo(tag, 3);
    expect(deliveries).toHaveLength(3);
    for (const delivery of deliveries) {
      expect(delivery.headers["webhook-id"]).toBe(id);
      expect(delivery.headers["webhook-timestamp"]).toBe(delivery.headers["x-service-timestamp"]);
      expect(delivery.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(verifiedByBoth(delivery, secret)).toBe(true);
    }
    expect(verifiedByBoth({ ...deliveries[0]!, body: deliveries[0]!.body.replace("render.", "render ") }, secret)).toBe(
      false,
    );
  });

  it("a rotated secret verifies the next delivery and the old one no longer does", async () => {
    const { api_key: key } = await newAccount();
    const old = (await call("GET", "/v1/account", { key })).json.webhook_secret as string;
    const rotated = (await call("POST", "/v1/account/webhook-secret", { key })).json.webhook_secret as string;
    await call("POST", "/v1/templates", { key, body: CARD });
    const { tag } = await queuedWithHook("ok", key);
    const [delivery] = await deliveredTo(tag, 1);
    expect(verifiedByBoth(delivery!, rotated)).toBe(true);
    expect(verifiedByBoth(delivery!, old)).toBe(false);
  });
});
