// Folio's other formats and its cache: the Satori card beside both card floors, the invoice as a JPG, and a render
// answered from the cache beside the HTTP floor.
import type { Bench } from "./bench-service";
import type { Floors } from "./peer-rows";
import { measure, type Sample } from "./stats";
import { ratio } from "./table";

export async function cardJpgAndCacheRows(bench: Bench, floors: Floors, health: Sample) {
  const { iter, warm } = bench.counts;
  const card = await measure(
    (i) =>
      bench.post("/v1/render", {
        template: "card",
        data: { ...bench.fixtureJson("card.data.json"), title: `Card ${i} ${Math.random()}` },
      }),
    iter,
    warm,
  );
  bench.rows.push({
    name: "Folio satori PNG card",
    sample: card,
    ratio: `Folio/satori floor ${ratio(card, floors.satori)}; Folio/Chromium screenshot ${ratio(card, floors.cardScreenshot)}`,
  });
  const jpg = await measure(
    (i) => bench.post("/v1/render", { template: "invoice", format: "jpg", data: bench.invoiceData(i) }),
    iter,
    warm,
  );
  bench.rows.push({ name: "Folio chromium JPG (invoice)", sample: jpg });
  const fixed = bench.invoiceData(0);
  await bench.post("/v1/render", { template: "invoice", data: fixed });
  const hit = await measure(() => bench.post("/v1/render", { template: "invoice", data: fixed }), iter, warm);
  bench.rows.push({ name: "Folio cache hit", sample: hit, ratio: `hit/healthz ${ratio(hit, health)}` });
}
