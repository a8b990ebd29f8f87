// Folio's rate beside the page-per-job floor's at concurrency 1, 2 and 4, and a 50-item batch from submission to its
// last webhook.
import type { Batch } from "../packages/sdk/src/index";
import type { Bench } from "./bench-service";
import { chromiumFloor } from "./floors";
import { throughput } from "./stats";

export async function throughputRows(bench: Bench) {
  for (const c of [1, 2, 4]) {
    const folioRate = await throughput(
      (i) => bench.post("/v1/render", { template: "invoice", data: bench.invoiceData(1000 + c * 1000 + i) }),
      c,
      bench.counts.tput,
    );
    const floorRate = await throughput(() => chromiumFloor(bench.browser, bench.html.invoice), c, bench.counts.tput);
    bench.rows.push({
      name: `Throughput at concurrency ${c} (1-page PDF)`,
      value: `Folio ${folioRate.toFixed(1)}/s, floor ${floorRate.toFixed(1)}/s`,
      ratio: `Folio/floor ${(folioRate / floorRate).toFixed(2)}x`,
    });
  }
}

export async function batchRow(bench: Bench) {
  const batchStart = performance.now();
  const batch = await bench.post<Batch>("/v1/render/batch", {
    webhook_url: bench.hookUrl,
    renders: Array.from({ length: 50 }, (_, i) => ({ template: "invoice", data: bench.invoiceData(5000 + i) })),
  });
  // An item refused by the batch has no render, and no webhook to wait for.
  const ids = new Set(batch.renders.flatMap((r) => ("id" in r ? [r.id] : [])));
  const arrived = () => bench.hooks.filter((h) => ids.has(h.id));
  while (arrived().length < ids.size && performance.now() - batchStart < 300_000)
    await new Promise((r) => setTimeout(r, 50));
  const last = Math.max(...arrived().map((h) => h.at));
  bench.rows.push({
    name: "50-item batch: submit to last webhook",
    value: `${((last - batchStart) / 1000).toFixed(2)} s (${arrived().length}/50 webhooks)`,
  });
}
