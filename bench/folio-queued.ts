// Folio's queue: a small render's latency queued against inline (issue 17), and the 26-page invoice from submission
// to its webhook.
import type { Render } from "../packages/sdk/src/index";
import type { Bench } from "./bench-service";
import type { LimitsContext } from "./limits-context";
import type { InvoiceData } from "./scaling";
import { measure } from "./stats";

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

export async function queuedHugeRow(bench: Bench) {
  let lastQueued = "";
  const queued = await measure(
    async (i) => {
      const render = await bench.post<Render>("/v1/render", {
        template: "invoice",
        webhook_url: bench.hookUrl,
        data: bench.invoiceData(i, bench.fixtureJson<InvoiceData>("invoice-huge.data.json")),
      });
      lastQueued = render.id;
      await bench.webhookFor(lastQueued);
    },
    bench.counts.queued,
    1,
  );
  const hugePages = (await bench.get(`/v1/renders/${lastQueued}`)).page_count;
  bench.rows.push({
    name: `Folio queued ${hugePages}-page invoice (invoice-huge, with webhook_url): submit to webhook`,
    sample: queued,
  });
}
