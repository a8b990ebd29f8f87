// What the third probe's requests need around them (bench/hostile-cost.ts): templates made for one request, loops,
// an MCP client, a queued render followed to its end.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

export interface HostileContext {
  base: string;
  /** Trial accounts' keys. */
  attackers: string[];
  /** A paid account's key, for what trials may not do (certificates; renders past a trial's pages). */
  paidAttacker: string;
  neighbour: string;
}

export type Post = (base: string, key: string, path: string, body: unknown) => Promise<number>;
export interface Hostile {
  name: string;
  run(ctx: HostileContext): Promise<number[]>;
}

const FIXTURES = join(import.meta.dirname, "../fixtures");
/** A short random name part, so no two runs share a template or a cache entry. */
export const unique = () => Math.random().toString(36).slice(2, 10);
const fixture = (name: string) => readFileSync(join(FIXTURES, name), "utf8");
const FACTUR_X = (xml: string) => ({ pdfa: "3b", e_invoice: { standard: "factur-x", profile: "en16931", xml } });

/** Sends `body` to `path` with each key, again and again for `ms`, `gapMs` apart per key: the statuses seen. */
export async function loop(
  post: Post,
  base: string,
  keys: string[],
  path: string,
  body: unknown,
  ms: number,
  gapMs = 0,
) {
  const until = Date.now() + ms;
  const statuses: number[] = [];
  await Promise.all(
    keys.map(async (key) => {
      while (Date.now() < until) {
        statuses.push(await post(base, key, path, body));
        await new Promise((resolve) => setTimeout(resolve, gapMs));
      }
    }),
  );
  return statuses;
}

export async function mcpPreview(base: string, key: string, args: Record<string, unknown>): Promise<number> {
  const client = new Client({ name: "folio-bench", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    }),
  );
  try {
    const answer = (await client.callTool({ name: "preview_template", arguments: args })) as { isError?: boolean };
    return answer.isError ? 400 : 200;
  } finally {
    await client.close();
  }
}

/** A template of `key`'s made for one request, named uniquely. */
export async function template(post: Post, base: string, key: string, definition: Record<string, unknown>) {
  const name = `h-${unique()}`;
  await post(base, key, "/v1/templates", { name, ...definition });
  return name;
}

/** A template whose example renders 2,500 invoice lines of Factur-X XML, and that example: what `validate` checks. */
/** The 1-page invoice's data with 2,500 lines: its Factur-X XML takes a check about 16 s. */
function longInvoice() {
  const data = JSON.parse(fixture("invoice.data.json"));
  return { ...data, items: Array.from({ length: 2_500 }, (_, i) => data.items[i % data.items.length]) };
}

/** A free preview of the 2,500-line invoice's Factur-X XML: the rules check it on the backend's side threads. */
export const longEInvoicePreview = () => ({
  source: fixture("invoice.liquid.html"),
  format: "xml",
  data: longInvoice(),
  options: FACTUR_X(fixture("invoice.facturx.xml.liquid")),
});

export async function longEInvoiceTemplate(post: Post, base: string, key: string) {
  const example = longInvoice();
  const name = await template(post, base, key, {
    source: fixture("invoice.liquid.html"),
    example,
    options: FACTUR_X(fixture("invoice.facturx.xml.liquid")),
  });
  return { name, example };
}

/** `count` Factur-X renders of the 1-page invoice by `key`, one after another: their statuses. */
export async function eInvoiceRenders(post: Post, base: string, key: string, count: number) {
  const name = await template(post, base, key, {
    source: fixture("invoice.liquid.html"),
    options: FACTUR_X(fixture("invoice.facturx.xml.liquid")),
  });
  const data = JSON.parse(fixture("invoice.data.json"));
  const statuses: number[] = [];
  for (let i = 0; i < count; i++)
    statuses.push(await post(base, key, "/v1/render", { template: name, data: { ...data, note: unique() } }));
  return statuses;
}

/** A render's status, and when it was queued (202) the status its end stands for: 200, or its error's. */
export async function renderToEnd(base: string, key: string, body: unknown): Promise<number[]> {
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const res = await fetch(`${base}/v1/render`, { method: "POST", headers, body: JSON.stringify(body) });
  const answer = (await res.json()) as { id?: string };
  if (res.status !== 202) return [res.status];
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const render = (await (await fetch(`${base}/v1/renders/${answer.id}`, { headers })).json()) as {
      status: string;
      error?: { type: string };
    };
    if (render.status === "succeeded") return [202, 200];
    if (render.status === "failed") return [202, render.error?.type === "quota_exceeded" ? 402 : 500];
  }
}
