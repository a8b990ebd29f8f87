// How cost grows with the document (1 .. 2000 pages, beside the tight floor's growth) and a minute of mixed load
// from four customers (issue 17). Each pushes its rows into the shared table.
import { renderLiquid } from "../src/render/liquid/liquid";
import type { LimitsContext } from "./limits-context";
import {
  CERTIFICATES,
  certificatesFor,
  type InvoiceData,
  invoiceOfPages,
  mib,
  renderAtScale,
  type ScalingRow,
} from "./scaling";
import { type Kind, sustainedLoad } from "./sustained";
import { TightFloor } from "./tight-floor";

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
