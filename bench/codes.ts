// `npx tsx bench/codes.ts [-- --samples N]`: what a code costs. A 26-page statement (fixtures/statement.liquid.html)
// with a QR code on its pages (one in every 24th row, a row being about 1/24 of a page: 26 codes) against the same
// statement without, through the real service (`npm run dev`'s Worker and render backend): the Liquid phase and the
// whole render from the answers' Server-Timing, the median of N renders each (distinct data, so none is a cache hit),
// then the same Liquid in this process alone. Goal: under 2 ms a code (docs/codes.md#bounds).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { statementData } from "../fixtures/statement-data.ts";
import { startService } from "../scripts/service.ts";
import { liquidBudget, renderLiquid } from "../src/render/liquid/liquid.ts";

const SAMPLES = Number(process.argv[process.argv.indexOf("--samples") + 1] || 7);
const PAGES = 26;
const ROWS_A_CODE = 24;

const plain = readFileSync(new URL("../fixtures/statement.liquid.html", import.meta.url), "utf8");
const row = "{% for line in statement.lines %}";
const withCodes = plain.replace(
  row,
  `${row}{% assign slot = forloop.index0 | modulo: ${ROWS_A_CODE} %}{% if slot == 0 %}<tr><td colspan="5">` +
    `{{ line.ref | prepend: "https://bank.example/statement/" | append: seq | qr_code: size: "14mm" }}</td></tr>{% endif %}`,
);
if (withCodes === plain) throw new Error("the statement's row loop was not found");
const options = JSON.parse(readFileSync(new URL("../fixtures/statement.options.json", import.meta.url), "utf8"));
const data = statementData(PAGES);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
/** A phase's duration from a Server-Timing header ("template;dur=12.3, render;dur=456"). */
const phase = (timing: string, name: string) =>
  Number(new RegExp(`${name};dur=([\\d.]+)`).exec(timing)?.[1] ?? Number.NaN);

async function serviceTimings(base: string, key: string, template: string, seed: number) {
  const res = await fetch(`${base}/v1/render`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ template, data: { ...data, seq: `-${seed}` } }),
  });
  const body = (await res.json()) as { page_count?: number; error?: unknown };
  if (res.status !== 200) throw new Error(`render failed: ${JSON.stringify(body)}`);
  const timing = res.headers.get("server-timing") ?? "";
  // The whole render: every phase the answer names, summed.
  const total = [...timing.matchAll(/dur=([\d.]+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
  return { template: phase(timing, "template"), total, pages: body.page_count ?? 0 };
}

async function inProcess(source: string) {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    const html = await renderLiquid(source, {
      data: { ...data, seq: `-local-${i}` },
      instant: new Date(0),
      budget: liquidBudget(),
    });
    times.push(performance.now() - started);
    if (i === 0)
      console.log(
        `  ${(html.match(/<svg /g) ?? []).length} codes in ${html.length.toLocaleString("en-US")} characters`,
      );
  }
  return median(times);
}

async function main() {
  const state = mkdtempSync(join(tmpdir(), "folio-bench-codes-"));
  // The 26-page statement's data passes the default inline size: raised, so each render answers with its timings.
  const env = { RENDER_SYNC_MAX_DATA_BYTES: "400000" };
  const service = await startService({ port: Number(process.env.PORT ?? 8950), persistTo: state, env });
  try {
    const internal = { "x-internal-secret": service.internalSecret };
    const limits = { renders_per_minute: 100_000, free_renders_per_month: 10_000_000, monthly_spend_cap_usd: 1e6 };
    const account = (await (
      await fetch(`${service.baseUrl}/v1/internal/accounts`, {
        method: "POST",
        headers: internal,
        body: JSON.stringify({ name: "bench codes", plan: "scale", limits }),
      })
    ).json()) as { api_key: string };
    const key = account.api_key;
    const create = async (name: string, source: string) => {
      const res = await fetch(`${service.baseUrl}/v1/templates`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ name, source, options }),
      });
      if (res.status !== 201) throw new Error(`create failed: ${await res.text()}`);
      return name;
    };
    const templates = {
      without: await create("statement-plain", plain),
      with: await create("statement-codes", withCodes),
    };
    const results: Record<string, { template: number[]; total: number[]; pages: number }> = {};
    for (const [label, template] of Object.entries(templates)) {
      await serviceTimings(service.baseUrl, key, template, -1);
      const runs = [];
      for (let i = 0; i < SAMPLES; i++) runs.push(await serviceTimings(service.baseUrl, key, template, i));
      results[label] = {
        template: runs.map((r) => r.template),
        total: runs.map((r) => r.total),
        pages: runs[0]?.pages ?? 0,
      };
    }
    const codes = Math.ceil((data.statement as { lines: unknown[] }).lines.length / ROWS_A_CODE);
    console.log(`\n26-page statement, ${codes} QR codes, median of ${SAMPLES} renders through the service:`);
    console.log("| | pages | Liquid (ms) | whole render (ms) |\n|---|---|---|---|");
    for (const [label, r] of Object.entries(results))
      console.log(`| ${label} codes | ${r.pages} | ${median(r.template).toFixed(1)} | ${median(r.total).toFixed(0)} |`);
    const liquidPerCode = (median(results.with?.template ?? []) - median(results.without?.template ?? [])) / codes;
    const totalPerCode = (median(results.with?.total ?? []) - median(results.without?.total ?? [])) / codes;
    console.log(`\nper code: Liquid ${liquidPerCode.toFixed(2)} ms, whole render ${totalPerCode.toFixed(2)} ms`);
    console.log("\nThe same Liquid in this process (Node 22), median:");
    const local = { without: await inProcess(plain), with: await inProcess(withCodes) };
    console.log(
      `  without ${local.without.toFixed(1)} ms, with ${local.with.toFixed(1)} ms: ${((local.with - local.without) / codes).toFixed(2)} ms a code`,
    );
  } finally {
    await service.stop();
    rmSync(state, { recursive: true, force: true });
  }
}

await main();
