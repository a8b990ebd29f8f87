// The floors and peers Folio is measured beside: Chromium and Satori without Folio, a naive peer, and jsreport
// (measured last).
import type { Bench } from "./bench-service";
import { chromiumCard, chromiumFloor, naivePeer, satoriFloor } from "./floors";
import { startJsreport } from "./jsreport-peer";
import { measure, type Sample } from "./stats";
import { ratio } from "./table";

/** The baselines' samples, for the ratios of the Folio rows beside them. */
export interface Floors {
  chromium: Sample;
  naive: Sample;
  satori: Sample;
  cardScreenshot: Sample;
}

export async function floorAndPeerRows(bench: Bench): Promise<Floors> {
  const { iter, warm, naive: naiveIter } = bench.counts;
  const chromium = await measure(() => chromiumFloor(bench.browser, bench.html.invoice), iter, warm);
  bench.rows.push({
    name: "Chromium floor: 1-page invoice PDF (warm browser, new page, setContent, pdf)",
    sample: chromium,
  });
  const naive = await measure(() => naivePeer(bench.html.invoice), naiveIter, 1);
  bench.rows.push({ name: "Naive peer: new browser per render, 1-page invoice PDF", sample: naive });
  const satori = await measure(() => satoriFloor(bench.html.card), iter, warm);
  bench.rows.push({ name: "Satori floor: satori + resvg in Node, card PNG", sample: satori });
  const cardScreenshot = await measure(() => chromiumCard(bench.browser, bench.html.card), iter, warm);
  bench.rows.push({ name: "Chromium screenshot of the same card", sample: cardScreenshot });
  return { chromium, naive, satori, cardScreenshot };
}

/** jsreport's chrome-pdf beside Folio's inline render; if it cannot be installed, the row says so. */
export async function jsreportRow(bench: Bench, inline: Sample) {
  const jsreport = await startJsreport();
  if ("unavailable" in jsreport) {
    bench.rows.push({ name: "jsreport peer (chrome-pdf)", value: `not measured: ${jsreport.unavailable}` });
    return;
  }
  const jsreportSample = await measure(() => jsreport.render(bench.html.invoice), bench.counts.iter, bench.counts.warm);
  bench.rows.push({
    name: "jsreport peer: chrome-pdf, 1-page invoice PDF (measured last)",
    sample: jsreportSample,
    ratio: `Folio/jsreport ${ratio(inline, jsreportSample)}`,
  });
  await jsreport.close();
}
