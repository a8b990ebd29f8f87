// The render backend's memory at rest after a first and a last count of renders: the warm-up takes the first, the
// row is written once the rest of the bench has run.
import { type BackendStats, backendStats, statsAtRest } from "./backend-memory";
import type { Bench } from "./bench-service";
import { measure } from "./stats";

/** Renders 1-page invoices four at a time until the backend has done `count` jobs in all; its figures at rest. */
async function renderMany(bench: Bench, count: number): Promise<BackendStats> {
  let done = (await backendStats(bench.backend)).jobs;
  while (done < count) {
    await Promise.all(
      Array.from({ length: 4 }, (_, k) =>
        bench.post("/v1/render", { template: "invoice", data: bench.invoiceData(90_000 + done + k) }),
      ),
    );
    done = (await backendStats(bench.backend)).jobs;
  }
  return statsAtRest(bench.backend);
}

/**
 * The service has just started (workerd compiling, the backend's Chromium settling): warm it with the renders the
 * first memory figure is taken after and with cards, then let the machine go quiet, so the floors measured first do
 * not pay for Folio's start. Returns the backend's figures after those renders.
 */
export async function warmUp(bench: Bench): Promise<BackendStats> {
  const early = await renderMany(bench, bench.counts.rss[0]);
  // The Worker's wasm (yoga, resvg) reaches its optimized tier only after some seconds of use: cards
  // render ~40% slower before, which a steady service never sees.
  await measure(
    (i) =>
      bench.post("/v1/render", {
        template: "card",
        data: { ...bench.fixtureJson("card.data.json"), title: `Warm-up ${i} ${Math.random()}` },
      }),
    20,
    0,
  );
  await new Promise((resolve) => setTimeout(resolve, 3000));
  return early;
}

export async function memoryRow(bench: Bench, early: BackendStats) {
  const late = await renderMany(bench, bench.counts.rss[1]);
  bench.rows.push({
    name: `Render backend memory (Node + Chromium processes, PSS) after ${early.jobs} and ${late.jobs} renders`,
    value: `${(early.memory_bytes / 2 ** 20).toFixed(0)} MiB, ${(late.memory_bytes / 2 ** 20).toFixed(0)} MiB`,
    ratio: `${(late.memory_bytes / early.memory_bytes).toFixed(2)}x`,
  });
}
