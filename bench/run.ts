// `npm run bench [-- --quick]`: Folio side by side with the Chromium floor, a naive peer, jsreport and the
// Satori floor, on this machine in one run. Prints a table and writes bench/RESULTS.md.
import { execSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import type { Batch, Render } from "../packages/sdk/src/index";
import { startService } from "../scripts/service.ts";
import { renderLiquid } from "../src/render/liquid";
import { driverRows } from "./drivers";
import { validationRows } from "./e-invoice-validation";
import { finishingRows } from "./finishing";
import { chromiumCard, chromiumFloor, launch, naivePeer, satoriFloor } from "./floors";
import { startJsreport } from "./jsreport-peer";
import { againstTightFloor, queuedLatency, scaling, sustained } from "./limits";
import { measure, type Row, type Sample, throughput } from "./stats";

const quick = process.argv.includes("--quick");
const N = quick
  ? { iter: 15, warm: 3, naive: 5, tput: 24, queued: 3, rss: [50, 200], loadMs: 15_000 }
  : { iter: 60, warm: 8, naive: 15, tput: 80, queued: 8, rss: [100, 1000], loadMs: 60_000 };
const FIXTURES = join(import.meta.dirname, "../fixtures");
const fixture = (name: string) => readFileSync(join(FIXTURES, name), "utf8");
const json = (name: string) => JSON.parse(fixture(name));

const rows: Row[] = [];
const ms = (s: Sample) => `${s.median.toFixed(1)} ms (p95 ${s.p95.toFixed(1)}, n=${s.n})`;
const ratio = (a: Sample, b: Sample) => `${(a.median / b.median).toFixed(2)}x`;

function invoiceData(i: number, base = json("invoice.data.json")) {
  return { ...base, invoice: { ...base.invoice, number: `INV-B-${i}-${Math.random().toString(36).slice(2, 8)}` } };
}

async function main() {
  // Other work on the machine skews every figure: the load before starting is part of the result.
  const loadBefore = loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");
  const state = mkdtempSync(join(tmpdir(), "folio-bench-"));
  const hooks: Array<{ at: number; id: string }> = [];
  const waiting = new Map<string, () => void>();
  const receiver = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const id = String(req.headers["x-service-delivery"]);
      hooks.push({ at: performance.now(), id });
      waiting.get(id)?.();
      res.writeHead(200).end();
    });
  });
  const webhookFor = (id: string) =>
    hooks.some((h) => h.id === id) ? Promise.resolve() : new Promise<void>((resolve) => waiting.set(id, resolve));
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const service = await startService({
    port: 8800,
    persistTo: state,
    env: { ALLOW_PRIVATE_EGRESS: "true", RENDER_SYNC_MAX_DATA_BYTES: "400000", WEBHOOK_RETRY_SCALE: "0.01" },
  });
  const browser = await launch();
  let inline: Sample;
  try {
    const account = (await (
      await fetch(`${service.baseUrl}/v1/internal/accounts`, {
        method: "POST",
        headers: { "x-internal-secret": service.internalSecret },
        body: JSON.stringify({
          name: "bench",
          plan: "scale",
          limits: {
            renders_per_minute: 1_000_000,
            free_renders_per_month: 100_000_000,
            monthly_spend_cap_usd: 10_000_000,
          },
        }),
      })
    ).json()) as { api_key: string };
    const headers = { authorization: `Bearer ${account.api_key}`, "content-type": "application/json" };
    /** Another customer with the same two templates, for measurements that need several accounts. */
    const newAccount = async () => {
      const key = (
        (await (
          await fetch(`${service.baseUrl}/v1/internal/accounts`, {
            method: "POST",
            headers: { "x-internal-secret": service.internalSecret },
            body: JSON.stringify({
              name: "bench customer",
              plan: "scale",
              limits: {
                renders_per_minute: 1_000_000,
                free_renders_per_month: 100_000_000,
                monthly_spend_cap_usd: 10_000_000,
              },
            }),
          })
        ).json()) as { api_key: string }
      ).api_key;
      await post(
        "/v1/templates",
        { name: "invoice", source: fixture("invoice.liquid.html"), schema: json("invoice.schema.json") },
        key,
      );
      await post(
        "/v1/templates",
        { name: "card", engine: "satori", source: fixture("card.satori.html"), schema: json("card.schema.json") },
        key,
      );
      return key;
    };
    const get = async (path: string) =>
      (await fetch(`${service.baseUrl}${path}`, { headers })).json() as Promise<Render>;
    const postStatus = async (path: string, body: unknown, key: string) => {
      const res = await fetch(`${service.baseUrl}${path}`, {
        method: "POST",
        headers: { ...headers, authorization: `Bearer ${key}` },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      return { status: res.status };
    };
    const post = async <Answer = unknown>(path: string, body: unknown, key = account.api_key): Promise<Answer> => {
      const res = await fetch(`${service.baseUrl}${path}`, {
        method: "POST",
        headers: { ...headers, authorization: `Bearer ${key}` },
        body: JSON.stringify(body),
      });
      const out = (await res.json()) as Answer;
      if (res.status >= 300 && res.status !== 202) throw new Error(`${path}: ${res.status} ${JSON.stringify(out)}`);
      return out;
    };
    await post("/v1/templates", {
      name: "invoice",
      source: fixture("invoice.liquid.html"),
      schema: json("invoice.schema.json"),
    });
    await post("/v1/templates", {
      name: "card",
      engine: "satori",
      source: fixture("card.satori.html"),
      schema: json("card.schema.json"),
    });
    const longItems = json("invoice-long.data.json").items as unknown[];
    const twenty = { ...json("invoice.data.json"), items: [...longItems, ...longItems, ...longItems.slice(0, 110)] };
    const invoiceHtml = await renderLiquid(fixture("invoice.liquid.html"), {
      data: json("invoice.data.json"),
      instant: new Date(),
    });
    const cardHtml = await renderLiquid(fixture("card.satori.html"), {
      data: json("card.data.json"),
      instant: new Date(),
    });

    // The service has just started (workerd compiling, the backend's Chromium settling): warm it with the
    // renders the first memory figure is taken after and with cards, then let the machine go quiet, so the
    // floors measured first do not pay for Folio's start.
    const rss = async () =>
      (await (
        await fetch(`${service.backendUrl}/stats`, { headers: { "x-render-secret": service.backendSecret } })
      ).json()) as { memory_bytes: number; jobs: number; idle_pages_holding_a_document: number };
    // The backend empties a page's last document (and collects its garbage) once the page sits idle: memory
    // "after N renders" is read once that is done, within a few seconds, as the backend holds it at rest.
    const atRest = async () => {
      for (let tries = 0; tries < 50; tries++) {
        const stats = await rss();
        if (stats.idle_pages_holding_a_document === 0) return stats;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return rss();
    };
    const renderMany = async (count: number) => {
      let done = (await rss()).jobs;
      while (done < count) {
        await Promise.all(
          Array.from({ length: 4 }, (_, k) =>
            post("/v1/render", { template: "invoice", data: invoiceData(90_000 + done + k) }),
          ),
        );
        done = (await rss()).jobs;
      }
      return atRest();
    };
    const early = await renderMany(N.rss[0]!);
    // The Worker's wasm (yoga, resvg) reaches its optimized tier only after some seconds of use: cards
    // render ~40% slower before, which a steady service never sees.
    await measure(
      (i) =>
        post("/v1/render", {
          template: "card",
          data: { ...json("card.data.json"), title: `Warm-up ${i} ${Math.random()}` },
        }),
      20,
      0,
    );
    await new Promise((resolve) => setTimeout(resolve, 3000));

    // Floors and peers
    const floor = await measure(() => chromiumFloor(browser, invoiceHtml), N.iter, N.warm);
    rows.push({ name: "Chromium floor: 1-page invoice PDF (warm browser, new page, setContent, pdf)", sample: floor });
    const naive = await measure(() => naivePeer(invoiceHtml), N.naive, 1);
    rows.push({ name: "Naive peer: new browser per render, 1-page invoice PDF", sample: naive });
    const satoriBase = await measure(() => satoriFloor(cardHtml), N.iter, N.warm);
    rows.push({ name: "Satori floor: satori + resvg in Node, card PNG", sample: satoriBase });
    const cardShot = await measure(() => chromiumCard(browser, cardHtml), N.iter, N.warm);
    rows.push({ name: "Chromium screenshot of the same card", sample: cardShot });

    // Folio
    const health = await measure(
      () => fetch(`${service.baseUrl}/healthz`).then((r) => r.arrayBuffer()),
      N.iter,
      N.warm,
    );
    rows.push({ name: "Folio GET /healthz (HTTP floor)", sample: health });
    const limits = {
      browser,
      rows,
      quick,
      fixtureJson: json,
      post,
      postStatus,
      get,
      newAccount,
      hookUrl,
      webhookFor,
      invoiceData,
      baseUrl: service.baseUrl,
      wranglerPid: service.child.pid ?? 0,
      apiKey: account.api_key,
      html: {
        invoice: invoiceHtml,
        invoice26: await renderLiquid(fixture("invoice.liquid.html"), {
          data: json("invoice-huge.data.json"),
          instant: new Date(),
        }),
        invoiceSource: fixture("invoice.liquid.html"),
      },
      backendMemory: async () => (await rss()).memory_bytes,
      restingMemory: async () => (await atRest()).memory_bytes,
      backend: { url: service.backendUrl, secret: service.backendSecret },
    };
    inline = (await againstTightFloor(limits, N.iter, N.warm, N.tput)).folio1;
    rows.push({
      name: "Folio inline 1-page invoice PDF, beside the page-per-job floor and the naive peer",
      sample: inline,
      ratio: `Folio/floor ${ratio(inline, floor)}; naive/Folio ${(naive.median / inline.median).toFixed(2)}x`,
    });
    await queuedLatency(limits, N.iter);
    let pages = 0;
    const long = await measure(
      async (i) =>
        (pages =
          (await post<Render>("/v1/render", { template: "invoice", data: invoiceData(i, twenty) })).page_count ?? 0),
      Math.ceil(N.iter / 3),
      2,
    );
    rows.push({ name: `Folio inline ${pages}-page invoice PDF`, sample: long });
    const eight = await measure(
      (i) => post("/v1/render", { template: "invoice", data: invoiceData(i, json("invoice-long.data.json")) }),
      Math.ceil(N.iter / 3),
      2,
    );
    rows.push({ name: "Folio inline 8-page invoice PDF (invoice-long)", sample: eight });
    // Document finishing (/docs#finishing) as a ratio to the plain PDF of the same invoice.
    rows.push(...(await finishingRows(post, { one: Math.ceil(N.iter / 3), many: Math.ceil(N.iter / 12), warm: 2 })));
    // Checking an e-invoice with the official rules, in this process as the render backend would, beside the render.
    rows.push(...(await validationRows(Math.ceil(N.iter / 3), inline)));
    let lastQueued = "";
    const queued = await measure(
      async (i) => {
        const render = await post<Render>("/v1/render", {
          template: "invoice",
          webhook_url: hookUrl,
          data: invoiceData(i, json("invoice-huge.data.json")),
        });
        lastQueued = render.id;
        await webhookFor(lastQueued);
      },
      N.queued,
      1,
    );
    const hugePages = (
      (await (await fetch(`${service.baseUrl}/v1/renders/${lastQueued}`, { headers })).json()) as { page_count: number }
    ).page_count;
    rows.push({
      name: `Folio queued ${hugePages}-page invoice (invoice-huge, with webhook_url): submit to webhook`,
      sample: queued,
    });
    const card = await measure(
      (i) =>
        post("/v1/render", {
          template: "card",
          data: { ...json("card.data.json"), title: `Card ${i} ${Math.random()}` },
        }),
      N.iter,
      N.warm,
    );
    rows.push({
      name: "Folio satori PNG card",
      sample: card,
      ratio: `Folio/satori floor ${ratio(card, satoriBase)}; Folio/Chromium screenshot ${ratio(card, cardShot)}`,
    });
    const jpg = await measure(
      (i) => post("/v1/render", { template: "invoice", format: "jpg", data: invoiceData(i) }),
      N.iter,
      N.warm,
    );
    rows.push({ name: "Folio chromium JPG (invoice)", sample: jpg });
    const fixed = invoiceData(0);
    await post("/v1/render", { template: "invoice", data: fixed });
    const hit = await measure(() => post("/v1/render", { template: "invoice", data: fixed }), N.iter, N.warm);
    rows.push({ name: "Folio cache hit", sample: hit, ratio: `hit/healthz ${ratio(hit, health)}` });

    for (const c of [1, 2, 4]) {
      const folioRate = await throughput(
        (i) => post("/v1/render", { template: "invoice", data: invoiceData(1000 + c * 1000 + i) }),
        c,
        N.tput,
      );
      const floorRate = await throughput(() => chromiumFloor(browser, invoiceHtml), c, N.tput);
      rows.push({
        name: `Throughput at concurrency ${c} (1-page PDF)`,
        value: `Folio ${folioRate.toFixed(1)}/s, floor ${floorRate.toFixed(1)}/s`,
        ratio: `Folio/floor ${(folioRate / floorRate).toFixed(2)}x`,
      });
    }

    const batchStart = performance.now();
    const batch = await post<Batch>("/v1/render/batch", {
      webhook_url: hookUrl,
      renders: Array.from({ length: 50 }, (_, i) => ({ template: "invoice", data: invoiceData(5000 + i) })),
    });
    // An item refused by the batch has no render, and no webhook to wait for.
    const ids = new Set(batch.renders.flatMap((r) => ("id" in r ? [r.id] : [])));
    while (hooks.filter((h) => ids.has(h.id)).length < ids.size && performance.now() - batchStart < 300_000)
      await new Promise((r) => setTimeout(r, 50));
    const last = Math.max(...hooks.filter((h) => ids.has(h.id)).map((h) => h.at));
    rows.push({
      name: "50-item batch: submit to last webhook",
      value: `${((last - batchStart) / 1000).toFixed(2)} s (${hooks.filter((h) => ids.has(h.id)).length}/50 webhooks)`,
    });

    await scaling(limits);
    await sustained(limits, N.loadMs);

    const late = await renderMany(N.rss[1]!);
    rows.push({
      name: `Render backend memory (Node + Chromium processes, PSS) after ${early.jobs} and ${late.jobs} renders`,
      value: `${(early.memory_bytes / 2 ** 20).toFixed(0)} MiB, ${(late.memory_bytes / 2 ** 20).toFixed(0)} MiB`,
      ratio: `${(late.memory_bytes / early.memory_bytes).toFixed(2)}x`,
    });

    // The other Chromium driver, on a service of its own, beside the inline figure above.
    rows.push(...(await driverRows(N.iter, N.warm, inline)));

    // jsreport last: its Chrome pool would otherwise share the CPUs with everything measured after it.
    const jsreport = await startJsreport();
    if ("unavailable" in jsreport)
      rows.push({ name: "jsreport peer (chrome-pdf)", value: `not measured: ${jsreport.unavailable}` });
    else {
      const jsreportSample = await measure(() => jsreport.render(invoiceHtml), N.iter, N.warm);
      rows.push({
        name: "jsreport peer: chrome-pdf, 1-page invoice PDF (measured last)",
        sample: jsreportSample,
        ratio: `Folio/jsreport ${ratio(inline, jsreportSample)}`,
      });
      await jsreport.close();
    }
  } finally {
    await browser.close();
    await service.stop();
    receiver.close();
    rmSync(state, { recursive: true, force: true });
  }

  const machine = `${cpus().length} cores (${cpus()[0]?.model ?? "unknown CPU"}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}, ${execSync("chromium --version 2>/dev/null || true").toString().trim()}; load average before the run ${loadBefore}`;
  const table = [
    "| measurement | result | ratio |",
    "|---|---|---|",
    ...rows.map((r) => `| ${r.name} | ${r.sample ? ms(r.sample) : r.value} | ${r.ratio ?? ""} |`),
  ].join("\n");
  console.log(`\n${machine}\n\n${table}\n`);
  const previous = (() => {
    try {
      return readFileSync(join(import.meta.dirname, "RESULTS.md"), "utf8").split("<!-- measured -->")[0]!;
    } catch {
      return "# Benchmark results\n\n";
    }
  })();
  writeFileSync(
    join(import.meta.dirname, "RESULTS.md"),
    `${previous}<!-- measured -->\n## Latest run (${new Date().toISOString().slice(0, 10)}${quick ? ", --quick" : ""})\n\nMachine: ${machine}\n\n${table}\n`,
  );
}

// An explicit exit, so the peers' exit hooks (jsreport's browsers) run even if a handle stays open.
main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
