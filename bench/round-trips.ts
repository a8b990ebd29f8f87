// `npm run bench:round-trips [-- --write <label>]`: the latency model (docs/round-trips.md#latency-model). Starts
// Folio with LATENCY_MODEL=on and, per request path, reads the round trips on its critical path and times it end to
// end with R ms added to every call the Worker makes to its bindings (edge), or once for the caller's trip to a Worker
// placed next to its data (placement). With --write, the tables replace the part of bench/RESULTS.md marked <label>.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startService } from "../scripts/service.ts";
import { summarize } from "./stats";

const RS = [0, 30, 80, 150];
const TOPOLOGIES = ["edge", "placement"] as const;
const SAMPLES = Number(process.env.ROUND_TRIP_SAMPLES ?? 7);
const label = process.argv.includes("--write") ? process.argv[process.argv.indexOf("--write") + 1] : undefined;

interface Measured {
  roundTrips: string;
  ms: number;
}

/** The model's service: an account with a one-page template and the card, and a key of its own per model. */
async function setUp(base: string, internalSecret: string) {
  const internal = { "x-internal-secret": internalSecret };
  const limits = { renders_per_minute: 1_000_000, free_renders_per_month: 100_000_000, monthly_spend_cap_usd: 1e7 };
  const created = (await (
    await fetch(`${base}/v1/internal/accounts`, {
      method: "POST",
      headers: internal,
      body: JSON.stringify({ name: "round trips", plan: "scale", limits }),
    })
  ).json()) as { api_key: string; account: { id: string } };
  /** A key of its own per model: previews have a window of 30 a minute per key. */
  const newKey = async () =>
    (
      (await (
        await fetch(`${base}/v1/internal/accounts/${created.account.id}/keys`, { method: "POST", headers: internal })
      ).json()) as { api_key: string }
    ).api_key;
  const call = caller(base);
  await call("/v1/templates", created.api_key, "", {
    name: "page",
    source: "<h1>Invoice {{ n }}</h1><p>One page.</p>",
  });
  await call("/v1/templates", created.api_key, "", {
    name: "card",
    engine: "satori",
    source: readFileSync(join(import.meta.dirname, "../fixtures/card.satori.html"), "utf8"),
  });
  return { newKey, call };
}

type Call = (path: string, key: string, model: string, body?: unknown) => Promise<Measured & { json: unknown }>;

/** One request under a latency model, timed end to end, with the round trips the service counted on it. */
function caller(base: string): Call {
  return async (path, key, model, body) => {
    const started = performance.now();
    const res = await fetch(`${base}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${key}`, "x-latency-model": model },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    const ms = performance.now() - started;
    if (res.status >= 400 && res.status !== 401) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
    const json = res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : null;
    return { roundTrips: res.headers.get("x-round-trips") ?? "?", ms, json };
  };
}

/** The request paths measured, each a fresh request (so none is answered from the cache unless meant to). */
function requestPaths(call: Call): Record<string, (key: string, model: string) => Promise<Measured>> {
  let unique = 0;
  const fresh = () => `${Date.now()}-${unique++}`;
  return {
    "fresh 1-page PDF": (key, model) => call("/v1/render", key, model, { template: "page", data: { n: fresh() } }),
    "cache hit": async (key, model) => {
      const data = { n: fresh() };
      await call("/v1/render", key, "", { template: "page", data });
      return call("/v1/render", key, model, { template: "page", data });
    },
    "satori card": (key, model) =>
      call("/v1/render", key, model, { template: "card", data: { site: "folio", title: fresh() } }),
    "queued submit": (key, model) =>
      call("/v1/render", key, model, { template: "page", data: { n: fresh() }, async: true }),
    "GET /v1/renders/{id}": async (key, model) => {
      const { json } = await call("/v1/render", key, "", { template: "page", data: { n: fresh() } });
      return call(`/v1/renders/${(json as { id: string }).id}`, key, model);
    },
    list: (key, model) => call("/v1/renders?limit=10", key, model),
    preview: (key, model) => call("/v1/previews", key, model, { template: "page", data: { n: fresh() } }),
    "401 (unknown key)": (_key, model) => call("/v1/renders", `folio_sk_${"x".repeat(40)}`, model),
  };
}

/** One topology's table: per path, the round trips at R = 80 and the median at each R, after one warm-up. */
async function topologyTable(
  topology: (typeof TOPOLOGIES)[number],
  paths: ReturnType<typeof requestPaths>,
  newKey: () => Promise<string>,
): Promise<string> {
  const rows: string[] = [];
  for (const [name, run] of Object.entries(paths)) {
    const cells: string[] = [];
    let trips = "";
    for (const r of RS) {
      const key = await newKey();
      const model = `${topology}=${r}`;
      await run(key, model);
      const samples: Measured[] = [];
      for (let i = 0; i < SAMPLES; i++) samples.push(await run(key, model));
      cells.push(summarize(samples.map((s) => s.ms)).median.toFixed(0));
      if (r === 80) trips = mostCommon(samples.map((s) => s.roundTrips));
    }
    rows.push(`| ${name} | ${trips} | ${cells.join(" | ")} |`);
    console.log(`${topology} ${name}: ${trips} round trips; p50 ${cells.join(" / ")} ms`);
  }
  return (
    `${topology === "edge" ? "Edge Worker (R on every call to a binding)" : "Smart Placement (R once, calls in the region 2 ms)"}:\n\n` +
    `| path | round trips crossing R, at R = 80 (besides the backend; backend calls; all calls in sequence) | p50 R=0 | R=30 | R=80 | R=150 |\n` +
    `|---|---|---|---|---|---|\n${rows.join("\n")}\n`
  );
}

async function main() {
  const state = mkdtempSync(join(tmpdir(), "folio-round-trips-"));
  const service = await startService({
    port: Number(process.env.PORT ?? 8800),
    persistTo: state,
    env: { LATENCY_MODEL: "on", RENDER_SYNC_MAX_DATA_BYTES: "400000" },
  });
  try {
    const { newKey, call } = await setUp(service.baseUrl, service.internalSecret);
    const paths = requestPaths(call);
    const tables: string[] = [];
    for (const topology of TOPOLOGIES) tables.push(await topologyTable(topology, paths, newKey));
    const text = `${tables.join("\n")}\n${SAMPLES} samples a cell after one warm-up, on ${new Date().toISOString().slice(0, 10)}.\n`;
    console.log(text);
    if (label) writeSection(label, text);
  } finally {
    await service.stop();
    rmSync(state, { recursive: true, force: true });
  }
}

function mostCommon(values: string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "?";
}

/** Replaces what lies between `<!-- round-trips:<label> -->` and `<!-- /round-trips:<label> -->` in RESULTS.md. */
function writeSection(name: string, text: string) {
  const file = join(import.meta.dirname, "RESULTS.md");
  const results = readFileSync(file, "utf8");
  const open = `<!-- round-trips:${name} -->`;
  const close = `<!-- /round-trips:${name} -->`;
  const [before, rest] = results.split(open);
  if (rest === undefined) throw new Error(`bench/RESULTS.md has no ${open}`);
  const after = rest.split(close)[1] ?? "";
  writeFileSync(file, `${before}${open}\n${text}${close}${after}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
