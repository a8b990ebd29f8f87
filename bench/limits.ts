// The measurements against the true limits (issue 17): the tight floor beside Folio, how cost grows with the
// document, a minute of mixed load, and the queue's own latency. Each pushes its rows into the shared table.
import type { Browser } from "puppeteer-core";
import type { Render } from "../packages/sdk/src/index";
import { renderLiquid } from "../src/render/liquid";
import { whereTheTimeGoes } from "./profile";
import {
  CERTIFICATES,
  certificatesFor,
  type InvoiceData,
  invoiceOfPages,
  mib,
  renderAtScale,
  type ScalingRow,
} from "./scaling";
import { measure, type Row, type Sample, throughput } from "./stats";
import { type Kind, sustainedLoad } from "./sustained";
import { TightFloor } from "./tight-floor";
import { workerBehindProxy } from "./worker-socket";

export interface LimitsContext {
  browser: Browser;
  rows: Row[];
  quick: boolean;
  fixtureJson<Data = Record<string, unknown>>(name: string): Data;
  html: { invoice: string; invoice26: string; invoiceSource: string };
  /** The answer as the path's schema says, Render for /v1/render. */
  post<Answer = unknown>(path: string, body: unknown, key?: string): Promise<Answer>;
  postStatus(path: string, body: unknown, key: string): Promise<{ status: number }>;
  /** GET /v1/renders/{id}. */
  get(path: string): Promise<Render>;
  newAccount(): Promise<string>;
  backendMemory(): Promise<number>;
  /** The backend's memory once its idle pages have emptied their last documents. */
  restingMemory(): Promise<number>;
  /** The render backend the service uses, for the jobs sent to it directly. */
  backend: { url: string; secret: string };
  hookUrl: string;
  webhookFor(id: string): Promise<void>;
  baseUrl: string;
  /** The `wrangler dev` the bench started: the Worker measured past its proxy is the one under it. */
  wranglerPid: number;
  apiKey: string;
  invoiceData(i: number, base?: InvoiceData): InvoiceData;
}

const times = (a: Sample, b: Sample) => `${(a.median / b.median).toFixed(2)}x the tight floor`;

export async function againstTightFloor(ctx: LimitsContext, iterations: number, warmup: number, tputJobs: number) {
  const one = await TightFloor.open(ctx.browser, 1);
  const four = await TightFloor.open(ctx.browser, 4);
  const tight1 = await measure(() => one.render(ctx.html.invoice, "pdf"), iterations, warmup);
  ctx.rows.push({ name: "Tight floor: 1-page invoice PDF (one warm page reused in-process)", sample: tight1 });
  const tight26 = await measure(() => one.render(ctx.html.invoice26, "pdf"), Math.ceil(iterations / 3), 2);
  ctx.rows.push({ name: "Tight floor: 26-page invoice PDF", sample: tight26 });
  const tightPng = await measure(() => one.render(ctx.html.invoice, "png"), iterations, warmup);
  ctx.rows.push({ name: "Tight floor: invoice full-page PNG screenshot", sample: tightPng });
  const tight4 = await throughput(() => four.render(ctx.html.invoice, "pdf"), 4, tputJobs);

  const folio1 = await measure(
    (i) => ctx.post("/v1/render", { template: "invoice", data: ctx.invoiceData(20_000 + i) }),
    iterations,
    warmup,
  );
  ctx.rows.push({ name: "Folio inline 1-page invoice PDF", sample: folio1, ratio: times(folio1, tight1) });
  const huge = ctx.fixtureJson<InvoiceData>("invoice-huge.data.json");
  const folio26 = await measure(
    (i) => ctx.post("/v1/render", { template: "invoice", data: ctx.invoiceData(30_000 + i, huge) }),
    Math.ceil(iterations / 3),
    2,
  );
  ctx.rows.push({ name: "Folio inline 26-page invoice PDF", sample: folio26, ratio: times(folio26, tight26) });
  const folioPng = await measure(
    (i) => ctx.post("/v1/render", { template: "invoice", format: "png", data: ctx.invoiceData(40_000 + i) }),
    iterations,
    warmup,
  );
  ctx.rows.push({ name: "Folio chromium PNG (invoice)", sample: folioPng, ratio: times(folioPng, tightPng) });
  // Two customers of two requests each: one account runs at most RENDER_ACCOUNT_CONCURRENCY (2) Chromium renders at
  // once.
  const second = await ctx.newAccount();
  const customers = [ctx.post, (path: string, body: unknown) => ctx.post(path, body, second)];
  const folio4 = await throughput(
    (i, worker) => customers[worker % 2]!("/v1/render", { template: "invoice", data: ctx.invoiceData(50_000 + i) }),
    4,
    tputJobs,
  );
  ctx.rows.push({
    name: "Throughput at concurrency 4, 1-page PDF (Folio: two customers x 2)",
    value: `Folio ${folio4.toFixed(1)}/s, tight floor ${tight4.toFixed(1)}/s`,
    ratio: `${(folio4 / tight4).toFixed(2)}x the tight floor`,
  });
  await pastTheProxy(ctx, { tight1, tight4 }, [ctx.apiKey, second], iterations, warmup, tputJobs);
  await backendAlone(ctx, { tight1, tight4 }, iterations, warmup, tputJobs);
  await whereTheTimeGoes(
    {
      baseUrl: ctx.baseUrl,
      apiKey: ctx.apiKey,
      rows: ctx.rows,
      invoiceData: (i) => ctx.invoiceData(i),
      invoiceHtml: ctx.html.invoice,
    },
    one,
    iterations,
  );
  return { folio1 };
}

/**
 * The same 1-page render and throughput sent to the Worker's own socket, past the proxy `wrangler dev` puts in
 * front of it (it has no counterpart in production): what of the gap is the local tooling's.
 */
async function pastTheProxy(
  ctx: LimitsContext,
  floor: { tight1: Sample; tight4: number },
  keys: string[],
  iterations: number,
  warmup: number,
  tputJobs: number,
) {
  const direct = await workerBehindProxy(ctx.baseUrl, ctx.wranglerPid);
  if (!direct) {
    ctx.rows.push({
      name: "Folio straight to the Worker (past wrangler dev's proxy)",
      value: "not measured: the Worker's own socket was not found (Linux /proc only)",
    });
    return;
  }
  const render = async (i: number, key: string) => {
    const response = await fetch(`${direct}/v1/render`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ template: "invoice", data: ctx.invoiceData(60_000 + i) }),
    });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`straight to the Worker: ${response.status} ${body.slice(0, 200)}`);
  };
  const one = await measure((i) => render(i, keys[0]!), iterations, warmup);
  ctx.rows.push({
    name: "Folio inline 1-page invoice PDF, straight to the Worker (past wrangler dev's proxy)",
    sample: one,
    ratio: times(one, floor.tight1),
  });
  const four = await throughput((i, worker) => render(10_000 + i, keys[worker % 2]!), 4, tputJobs);
  ctx.rows.push({
    name: "Throughput at concurrency 4, 1-page PDF, straight to the Worker",
    value: `Folio ${four.toFixed(1)}/s, tight floor ${floor.tight4.toFixed(1)}/s`,
    ratio: `${(four / floor.tight4).toFixed(2)}x the tight floor`,
  });
}

/**
 * The render backend by itself (its HTTP server, Puppeteer, the pooled pages, the page count), sent the
 * HTML the Worker would send: Folio's own Chromium plumbing against the tight floor, with no Worker,
 * storage or accounts in the way. The jobs differ by a paragraph, as the Worker's would by their data.
 */
async function backendAlone(
  ctx: LimitsContext,
  floor: { tight1: Sample; tight4: number },
  iterations: number,
  warmup: number,
  tputJobs: number,
) {
  const job = async (i: number, worker = 0) => {
    const html = ctx.html.invoice.replace("</body>", `<p hidden>${i}</p></body>`);
    const response = await fetch(`${ctx.backend.url}/render`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-render-secret": ctx.backend.secret },
      body: JSON.stringify({ html, format: "pdf", options: {}, timeout_ms: 30_000, account: `bench-${worker % 2}` }),
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`render backend: ${response.status}`);
  };
  const one = await measure((i) => job(i), iterations, warmup);
  ctx.rows.push({
    name: "Render backend alone (HTTP, no Worker): 1-page invoice PDF",
    sample: one,
    ratio: times(one, floor.tight1),
  });
  const four = await throughput(job, 4, tputJobs);
  ctx.rows.push({
    name: "Throughput at concurrency 4, render backend alone",
    value: `backend ${four.toFixed(1)}/s, tight floor ${floor.tight4.toFixed(1)}/s`,
    ratio: `${(four / floor.tight4).toFixed(2)}x the tight floor`,
  });
}

export async function scaling(ctx: LimitsContext) {
  const deps = {
    base: ctx.fixtureJson<InvoiceData>("invoice.data.json"),
    post: ctx.post,
    get: ctx.get,
    backendMemory: ctx.backendMemory,
  };
  await ctx.post("/v1/templates", { name: "invoice-2000", source: ctx.html.invoiceSource, expected_pages: 2000 });
  const perPage = new Map<number, number>();
  const report = (name: string, row: ScalingRow) =>
    ctx.rows.push({
      name,
      value:
        row.status === "succeeded"
          ? `${(row.wallMs / 1000).toFixed(2)} s, ${row.msPerPage.toFixed(1)} ms/page, ${(row.bytes / 1024).toFixed(0)} KiB`
          : `${row.status} after ${(row.wallMs / 1000).toFixed(1)} s: ${row.error}`,
      ratio: `backend ${mib(row.beforeMemoryBytes)} before, peak ${mib(row.peakMemoryBytes)}, ${mib(row.idleMemoryBytes)} 2 s after`,
    });
  for (const pages of ctx.quick ? [1, 10, 100] : [1, 10, 100, 300, 600, 1000, 2000]) {
    const row = await renderAtScale(deps, pages === 2000 ? "invoice-2000" : "invoice", pages);
    if (row.status === "succeeded") perPage.set(pages, row.msPerPage);
    report(`Scaling: ${pages}-page invoice, queued, submit to succeeded`, row);
  }
  if (!ctx.quick) {
    await ctx.post("/v1/templates", { name: "certificates", source: CERTIFICATES, expected_pages: 2000 });
    report(
      "Scaling: 2000 one-page certificates in one PDF, queued, submit to succeeded",
      await renderAtScale(deps, "certificates", 2000, certificatesFor(2000)),
    );
  }
  // The same documents printed at the tight floor: how much of the growth per page is Chromium's own.
  const floor = await TightFloor.open(ctx.browser, 1);
  const floorPerPage = new Map<number, number>();
  for (const pages of ctx.quick ? [10, 100] : [10, 100, 300, 600]) {
    const html = await renderLiquid(ctx.html.invoiceSource, {
      data: invoiceOfPages(deps.base, pages),
      instant: new Date(),
    });
    const started = performance.now();
    await floor.render(html, "pdf");
    floorPerPage.set(pages, (performance.now() - started) / pages);
  }
  const largest = Math.max(...perPage.keys());
  const floorLargest = Math.max(...floorPerPage.keys());
  ctx.rows.push({
    name: `Scaling: time per page from 10 to ${largest} pages (the largest that finished)`,
    value: `Folio ${perPage.get(10)?.toFixed(1)} -> ${perPage.get(largest)?.toFixed(1)} ms/page; tight floor ${[...floorPerPage].map(([pages, ms]) => `${pages}: ${ms.toFixed(1)}`).join(", ")} ms/page`,
    ratio: `Folio ${((perPage.get(largest) ?? NaN) / (perPage.get(10) ?? NaN)).toFixed(2)}x; tight floor 10 -> ${floorLargest}: ${((floorPerPage.get(floorLargest) ?? NaN) / (floorPerPage.get(10) ?? NaN)).toFixed(2)}x`,
  });
}

export async function sustained(ctx: LimitsContext, durationMs: number) {
  const keys = await Promise.all(Array.from({ length: 4 }, () => ctx.newAccount()));
  const huge = ctx.fixtureJson<InvoiceData>("invoice-huge.data.json");
  const fixed = ctx.invoiceData(7);
  for (const key of keys) await ctx.postStatus("/v1/render", { template: "invoice", data: fixed }, key);
  const card = ctx.fixtureJson("card.data.json");
  const request = (kind: Kind, i: number) => {
    if (kind === "cache-hit") return { path: "/v1/render", body: { template: "invoice", data: fixed } };
    if (kind === "card")
      return { path: "/v1/render", body: { template: "card", data: { ...card, title: `Load ${i} ${Math.random()}` } } };
    return {
      path: "/v1/render",
      body: { template: "invoice", data: ctx.invoiceData(60_000 + i, kind === "pdf-26" ? huge : undefined) },
    };
  };
  const before = await ctx.backendMemory();
  const result = await sustainedLoad(
    { customers: keys.map((key) => (path: string, body: unknown) => ctx.postStatus(path, body, key)), request },
    8,
    durationMs,
  );
  const after = await ctx.restingMemory();
  ctx.rows.push({
    name: `Sustained load: ${durationMs / 1000} s at concurrency 8 (4 customers), mixed`,
    value: `${result.throughput.toFixed(1)} req/s, ${result.done} requests, ${result.errors} errors`,
    ratio: `backend ${mib(before)} before, ${mib(after)} after`,
  });
  for (const kind of result.byKind) {
    ctx.rows.push({
      name: `Sustained load: ${kind.kind}`,
      value: `p50 ${kind.median.toFixed(0)} ms, p95 ${kind.p95.toFixed(0)} ms, p99 ${kind.p99.toFixed(0)} ms (n=${kind.n})`,
      ratio: `p99/p50 ${(kind.p99 / kind.median).toFixed(2)}x`,
    });
  }
}

export async function queuedLatency(ctx: LimitsContext, iterations: number) {
  const toSucceeded = await measure(
    async (i) => {
      const queued = await ctx.post<Render>("/v1/render", {
        template: "invoice",
        async: true,
        data: ctx.invoiceData(70_000 + i),
      });
      for (let render = queued; render.status === "queued"; render = await ctx.get(`/v1/renders/${queued.id}`))
        await new Promise((resolve) => setTimeout(resolve, 20));
    },
    iterations,
    1,
  );
  const toWebhook = await measure(
    async (i) => {
      const queued = await ctx.post<Render>("/v1/render", {
        template: "invoice",
        webhook_url: ctx.hookUrl,
        data: ctx.invoiceData(80_000 + i),
      });
      await ctx.webhookFor(queued.id);
    },
    iterations,
    1,
  );
  const inline = await measure(
    (i) => ctx.post("/v1/render", { template: "invoice", data: ctx.invoiceData(90_500 + i) }),
    iterations,
    1,
  );
  ctx.rows.push({
    name: "Queued small render (async): submit to succeeded (polling every 20 ms)",
    sample: toSucceeded,
    ratio: `+${(toSucceeded.median - inline.median).toFixed(0)} ms over inline`,
  });
  ctx.rows.push({
    name: "Queued small render (webhook_url): submit to webhook",
    sample: toWebhook,
    ratio: `+${(toWebhook.median - inline.median).toFixed(0)} ms over inline (${inline.median.toFixed(0)} ms)`,
  });
}
