// The bench's calls to the service: its accounts, each with the two templates the rows render, and POST / GET as the
// bench's account or with another customer's key.
import type { Render } from "../packages/sdk/src/index";
import type { Service } from "../scripts/service.ts";
import { fixture, fixtureJson } from "./fixtures";

export interface BenchClient {
  apiKey: string;
  /** The answer as the path's schema says; throws on a refusal. */
  post<Answer = unknown>(path: string, body: unknown, key?: string): Promise<Answer>;
  /** Only the status: for load, where a refusal is counted rather than thrown. */
  postStatus(path: string, body: unknown, key: string): Promise<{ status: number }>;
  /** GET as the bench's account. */
  get(path: string): Promise<Render>;
  /** Another customer with the same two templates, for measurements that need several accounts. */
  newAccount(): Promise<string>;
}

type Internal = Pick<Service, "baseUrl" | "internalSecret">;

/** An account on the scale plan whose limits no measurement reaches. */
async function createAccount(service: Internal, name: string): Promise<string> {
  const response = await fetch(`${service.baseUrl}/v1/internal/accounts`, {
    method: "POST",
    headers: { "x-internal-secret": service.internalSecret },
    body: JSON.stringify({
      name,
      plan: "scale",
      limits: {
        renders_per_minute: 1_000_000,
        free_renders_per_month: 100_000_000,
        monthly_spend_cap_usd: 10_000_000,
      },
    }),
  });
  return ((await response.json()) as { api_key: string }).api_key;
}

export async function benchClient(service: Internal): Promise<BenchClient> {
  const apiKey = await createAccount(service, "bench");
  const headers = { authorization: `Bearer ${apiKey}`, "content-type": "application/json" };
  const send = (path: string, body: unknown, key: string) =>
    fetch(`${service.baseUrl}${path}`, {
      method: "POST",
      headers: { ...headers, authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
    });
  const get = async (path: string) => (await fetch(`${service.baseUrl}${path}`, { headers })).json() as Promise<Render>;
  const postStatus = async (path: string, body: unknown, key: string) => {
    const res = await send(path, body, key);
    await res.arrayBuffer();
    return { status: res.status };
  };
  const post = async <Answer = unknown>(path: string, body: unknown, key = apiKey): Promise<Answer> => {
    const res = await send(path, body, key);
    const out = (await res.json()) as Answer;
    if (res.status >= 300 && res.status !== 202) throw new Error(`${path}: ${res.status} ${JSON.stringify(out)}`);
    return out;
  };
  const addTemplates = async (key: string) => {
    await post(
      "/v1/templates",
      { name: "invoice", source: fixture("invoice.liquid.html"), schema: fixtureJson("invoice.schema.json") },
      key,
    );
    await post(
      "/v1/templates",
      {
        name: "card",
        engine: "satori",
        source: fixture("card.satori.html"),
        schema: fixtureJson("card.schema.json"),
      },
      key,
    );
  };
  const newAccount = async () => {
    const key = await createAccount(service, "bench customer");
    await addTemplates(key);
    return key;
  };
  await addTemplates(apiKey);
  return { apiKey, post, postStatus, get, newAccount };
}
