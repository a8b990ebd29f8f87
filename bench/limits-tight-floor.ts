// Folio against the tight floor (issue 17): one warm page reused in-process, beside Folio through its proxy, past
// it, and the render backend alone; then where an inline render's time goes.
import type { LimitsContext } from "./limits-context";
import { whereTheTimeGoes } from "./profile";
import type { InvoiceData } from "./scaling";
import { measure, type Sample, throughput } from "./stats";
import { TightFloor } from "./tight-floor";
import { workerBehindProxy } from "./worker-socket";

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
