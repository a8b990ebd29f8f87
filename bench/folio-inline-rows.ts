// Folio answering inline: its HTTP floor (/healthz), the 1-page invoice beside the tight floor, the page-per-job floor
// and the naive peer, and the longer invoices.
import type { Render } from "../packages/sdk/src/index";
import type { Bench } from "./bench-service";
import { againstTightFloor } from "./limits-tight-floor";
import type { Floors } from "./peer-rows";
import type { InvoiceData } from "./scaling";
import { measure, type Sample } from "./stats";
import { ratio } from "./table";

export async function healthRow(bench: Bench): Promise<Sample> {
  const health = await measure(
    () => fetch(`${bench.baseUrl}/healthz`).then((r) => r.arrayBuffer()),
    bench.counts.iter,
    bench.counts.warm,
  );
  bench.rows.push({ name: "Folio GET /healthz (HTTP floor)", sample: health });
  return health;
}

export async function inlineRow(bench: Bench, floors: Floors): Promise<Sample> {
  const { iter, warm, tput } = bench.counts;
  const inline = (await againstTightFloor(bench, iter, warm, tput)).folio1;
  bench.rows.push({
    name: "Folio inline 1-page invoice PDF, beside the page-per-job floor and the naive peer",
    sample: inline,
    ratio: `Folio/floor ${ratio(inline, floors.chromium)}; naive/Folio ${(floors.naive.median / inline.median).toFixed(2)}x`,
  });
  return inline;
}

/** The invoice with its long fixture's items twice and 110 more: some twenty pages. */
function twentyPages(bench: Bench): InvoiceData {
  const longItems = bench.fixtureJson<InvoiceData>("invoice-long.data.json").items;
  return {
    ...bench.fixtureJson<InvoiceData>("invoice.data.json"),
    items: [...longItems, ...longItems, ...longItems.slice(0, 110)],
  };
}

export async function longInvoiceRows(bench: Bench) {
  const twenty = twentyPages(bench);
  const iterations = Math.ceil(bench.counts.iter / 3);
  let pages = 0;
  const long = await measure(
    async (i) =>
      (pages =
        (await bench.post<Render>("/v1/render", { template: "invoice", data: bench.invoiceData(i, twenty) }))
          .page_count ?? 0),
    iterations,
    2,
  );
  bench.rows.push({ name: `Folio inline ${pages}-page invoice PDF`, sample: long });
  const eight = await measure(
    (i) =>
      bench.post("/v1/render", {
        template: "invoice",
        data: bench.invoiceData(i, bench.fixtureJson<InvoiceData>("invoice-long.data.json")),
      }),
    iterations,
    2,
  );
  bench.rows.push({ name: "Folio inline 8-page invoice PDF (invoice-long)", sample: eight });
}
