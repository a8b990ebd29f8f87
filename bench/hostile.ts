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
import { freePortBlock } from "../scripts/free-ports.ts";
import { startService } from "../scripts/service.ts";
import { costForms } from "./hostile-cost.ts";
import { countForms } from "./hostile-counts.ts";
import { sendForms } from "./hostile-sends.ts";
import { type Hostile, type HostileContext, unique } from "./hostile-setup.ts";
import { signingForms } from "./hostile-signing.ts";

const FIXTURES = join(import.meta.dirname, "../fixtures");
const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
};

/** How long the bench waits for any answer: a request that once held the service for minutes shows as none. */
const CAP_MS = 120_000;

/** The answer's status, or 0 when none came within CAP_MS. */
async function post(base: string, key: string, path: string, body: unknown): Promise<number> {
  try {
    const res = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(CAP_MS),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** Every request a hostile probe found holding the service, round by round. */
const HOSTILE: Hostile[] = [...countForms(post), ...costForms(post), ...sendForms(post), ...signingForms(post)];

/** One hostile request's cost to others: the slowest /healthz while it ran and the neighbour's 1-page render. */
async function measureOne(
  ctx: HostileContext,
  hostile: (typeof HOSTILE)[number],
  invoice: { source: string; data: unknown },
) {
  const started = performance.now();
  let done = false;
  const attack = hostile.run(ctx).finally(() => (done = true));
  let slowestHealth = 0;
  const probing = (async () => {
    while (!done) {
      const at = performance.now();
      await fetch(`${ctx.base}/healthz`, { signal: AbortSignal.timeout(CAP_MS) })
        .then((res) => res.arrayBuffer())
        .catch(() => undefined);
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
  const answers = [...new Set(statuses)].map((status) => (status === 0 ? `none in ${CAP_MS / 1000} s` : status));
  return { statuses: answers.join("/"), hostileMs, slowestHealth, neighbourStatus, neighbourMs };
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
  const paidAttacker = await accountKey(base, internalSecret, "/v1/internal/accounts", {
    name: "paid attacker",
    plan: "starter",
  });
  const template = `neighbour-${unique()}`;
  await post(base, neighbour, "/v1/templates", {
    name: template,
    source: readFileSync(join(FIXTURES, "invoice.liquid.html"), "utf8"),
  });
  const invoice = { source: template, data: JSON.parse(readFileSync(join(FIXTURES, "invoice.data.json"), "utf8")) };
  console.log("| hostile request | its answer | its time | slowest /healthz meanwhile | neighbour's 1-page render |");
  console.log("|---|---|---|---|---|");
  // --only TEXT: the rows whose name holds TEXT (a row that once held the service for minutes, measured alone).
  const only = argument("--only");
  for (const hostile of HOSTILE.filter((row) => !only || row.name.includes(only))) {
    const m = await measureOne({ base, attackers, paidAttacker, neighbour }, hostile, invoice);
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
  const service = await startService({ port: await freePortBlock(2), persistTo: state });
  try {
    await measureAll(service.baseUrl, argument("--internal-secret") ?? service.internalSecret);
  } finally {
    await service.stop();
    rmSync(state, { recursive: true, force: true });
  }
}

await main();
