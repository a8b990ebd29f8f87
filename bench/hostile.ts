// `npm run bench:hostile [-- --base URL --internal-secret S]`: what a hostile request costs everyone else
// (README, "How a render stays safe"). Each request that once held the service (a huge Liquid parse, an unbounded
// Satori card, attachments that each took a whole Liquid budget, a flood of free previews) runs while /healthz is
// probed every 100 ms and a second, paying account renders the 1-page invoice; the table gives the hostile
// request's answer and time, the slowest /healthz, and the neighbour's render. Without --base it starts the
// service as `npm run dev` does, on a throwaway state; with it, it measures a service already running (an older
// commit's, to compare).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startService } from "../scripts/service.ts";

const FIXTURES = join(import.meta.dirname, "../fixtures");
const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
};

interface Context {
  base: string;
  attackers: string[];
  neighbour: string;
}

async function post(base: string, key: string, path: string, body: unknown): Promise<number> {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
}

const unique = () => Math.random().toString(36).slice(2, 10);
const tall = `<div style="height:3000000in">tall</div>`;
const attachments = Array.from({ length: 10 }, (_, i) => ({
  filename: `a${i}.txt`,
  mime_type: "text/plain",
  content: "{% for i in (1..1000000) %}xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx{% endfor %}",
}));

/**
 * The requests a hostile probe found holding the service (docs/limits.md#no-request-holds-the-service), each as the
 * attacker would send it.
 */
const HOSTILE: Array<{ name: string; run(ctx: Context): Promise<number[]> }> = [
  {
    name: "create: {{a}} x 199,000",
    run: async (ctx) => [
      await post(ctx.base, ctx.attackers[0]!, "/v1/templates", {
        name: `h-${unique()}`,
        source: "{{a}}".repeat(199_000),
      }),
    ],
  },
  {
    name: "preview: {{a}} x 80,000",
    run: async (ctx) => [
      await post(ctx.base, ctx.attackers[0]!, "/v1/previews", { source: "{{a}}".repeat(80_000), data: {} }),
    ],
  },
  {
    name: "create: 20,000 unknown filters",
    run: async (ctx) => [
      await post(ctx.base, ctx.attackers[0]!, "/v1/templates", {
        name: `h-${unique()}`,
        source: Array.from({ length: 20_000 }, (_, i) => `{{ a | nope${i} }}`).join("\n"),
      }),
    ],
  },
  {
    name: "preview: a 60 KB text card at 200 px",
    run: async (ctx) => [
      await post(ctx.base, ctx.attackers[0]!, "/v1/previews", {
        engine: "satori",
        source: `<div style="display:flex;font-size:200px">${"lorem ".repeat(10_000)}</div>`,
        data: {},
      }),
    ],
  },
  {
    name: "create: a card of 2,000 nested divs",
    run: async (ctx) => [
      await post(ctx.base, ctx.attackers[0]!, "/v1/templates", {
        name: `h-${unique()}`,
        engine: "satori",
        source: `${'<div style="display:flex">'.repeat(2_000)}x${"</div>".repeat(2_000)}`,
      }),
    ],
  },
  {
    name: "preview: 10 attachments of 30 MB of Liquid",
    run: async (ctx) => [
      await post(ctx.base, ctx.attackers[0]!, "/v1/previews", {
        source: "<p>x</p>",
        data: {},
        options: { attachments },
      }),
    ],
  },
  {
    name: "4 trials x 2 previews of a very tall page",
    run: (ctx) =>
      Promise.all(
        ctx.attackers.flatMap((key) =>
          [0, 1].map(() => post(ctx.base, key, "/v1/previews", { source: tall, data: {} })),
        ),
      ),
  },
];

/** One hostile request's cost to others: the slowest /healthz while it ran and the neighbour's 1-page render. */
async function measureOne(ctx: Context, hostile: (typeof HOSTILE)[number], invoice: { source: string; data: unknown }) {
  const started = performance.now();
  let done = false;
  const attack = hostile.run(ctx).finally(() => (done = true));
  let slowestHealth = 0;
  const probing = (async () => {
    while (!done) {
      const at = performance.now();
      await fetch(`${ctx.base}/healthz`).then((res) => res.arrayBuffer());
      slowestHealth = Math.max(slowestHealth, performance.now() - at);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  // The neighbour asks once the hostile request is under way.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const neighbourAt = performance.now();
  const neighbourStatus = await post(ctx.base, ctx.neighbour, "/v1/render", {
    template: invoice.source,
    data: { ...(invoice.data as object), note: unique() },
  });
  const neighbourMs = performance.now() - neighbourAt;
  const statuses = await attack;
  const hostileMs = performance.now() - started;
  await probing;
  return { statuses: [...new Set(statuses)].join("/"), hostileMs, slowestHealth, neighbourStatus, neighbourMs };
}

async function accountKey(base: string, internalSecret: string, path: string, body: unknown): Promise<string> {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "x-internal-secret": internalSecret, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return ((await res.json()) as { api_key: string }).api_key;
}

async function measureAll(base: string, internalSecret: string) {
  const attackers = await Promise.all(
    [0, 1, 2, 3].map(() => accountKey(base, internalSecret, "/v1/internal/trials", {})),
  );
  const neighbour = await accountKey(base, internalSecret, "/v1/internal/accounts", {
    name: "neighbour",
    plan: "scale",
  });
  const template = `neighbour-${unique()}`;
  await post(base, neighbour, "/v1/templates", {
    name: template,
    source: readFileSync(join(FIXTURES, "invoice.liquid.html"), "utf8"),
  });
  const invoice = { source: template, data: JSON.parse(readFileSync(join(FIXTURES, "invoice.data.json"), "utf8")) };
  console.log("| hostile request | its answer | its time | slowest /healthz meanwhile | neighbour's 1-page render |");
  console.log("|---|---|---|---|---|");
  for (const hostile of HOSTILE) {
    const m = await measureOne({ base, attackers, neighbour }, hostile, invoice);
    console.log(
      `| ${hostile.name} | ${m.statuses} | ${(m.hostileMs / 1000).toFixed(1)} s | ${m.slowestHealth.toFixed(0)} ms | ${m.neighbourStatus}, ${(m.neighbourMs / 1000).toFixed(2)} s |`,
    );
  }
}

async function main() {
  const given = argument("--base");
  if (given) {
    const internalSecret = argument("--internal-secret");
    if (!internalSecret) throw new Error("--base needs --internal-secret, the X-Internal-Secret of that service");
    return measureAll(given, internalSecret);
  }
  const state = mkdtempSync(join(tmpdir(), "folio-hostile-"));
  const service = await startService({ port: 8820, persistTo: state });
  try {
    await measureAll(service.baseUrl, argument("--internal-secret") ?? service.internalSecret);
  } finally {
    await service.stop();
    rmSync(state, { recursive: true, force: true });
  }
}

await main();
