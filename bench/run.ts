// `npm run bench [-- --quick]`: Folio side by side with the Chromium floor, a naive peer, jsreport and the
// Satori floor, on this machine in one run. Prints a table and writes bench/RESULTS.md.
import { type Counts, startBench } from "./bench-service";
import { cardJpgAndCacheRows } from "./card-and-cache-rows";
import { driverRows } from "./drivers";
import { validationRows } from "./e-invoice-validation";
import { finishingRows } from "./finishing";
import { healthRow, inlineRow, longInvoiceRows } from "./folio-inline-rows";
import { queuedHugeRow, queuedLatency } from "./folio-queued";
import { scaling, sustained } from "./limits-growth";
import { memoryRow, warmUp } from "./memory-rows";
import { pdfuaRows } from "./pdfua";
import { floorAndPeerRows, jsreportRow } from "./peer-rows";
import { signingRows } from "./signing";
import { loadNow, writeResults } from "./table";
import { batchRow, throughputRows } from "./throughput-rows";

const quick = process.argv.includes("--quick");
const N: Counts = quick
  ? { iter: 15, warm: 3, naive: 5, tput: 24, queued: 3, rss: [50, 200], loadMs: 15_000 }
  : { iter: 60, warm: 8, naive: 15, tput: 80, queued: 8, rss: [100, 1000], loadMs: 60_000 };

/** The rows in the order they are measured: the warm-up first, jsreport last. */
async function main() {
  const loadBefore = loadNow();
  const bench = await startBench(quick, N);
  try {
    const early = await warmUp(bench);
    const floors = await floorAndPeerRows(bench);
    const health = await healthRow(bench);
    const inline = await inlineRow(bench, floors);
    await queuedLatency(bench, N.iter);
    await longInvoiceRows(bench);
    // Document finishing (/docs#finishing) as a ratio to the plain PDF of the same invoice.
    bench.rows.push(
      ...(await finishingRows(bench.post, { one: Math.ceil(N.iter / 3), many: Math.ceil(N.iter / 12), warm: 2 })),
    );
    // An accessible PDF against the tagged one, paired, and the render backend's job per page (docs/limits.md).
    bench.rows.push(
      ...(await pdfuaRows(bench.post, { one: Math.ceil(N.iter / 2), many: Math.ceil(N.iter / 3), warm: 2 })),
    );
    // What a PAdES signature adds to a 1-page render, paired with the same render unsigned (docs/signing.md).
    bench.rows.push(...(await signingRows(bench.post, bench.tsaUrl, { paired: Math.ceil(N.iter / 3), warm: 2 })));
    // Checking an e-invoice with the official rules, in this process as the render backend would, beside the render.
    bench.rows.push(...(await validationRows(Math.ceil(N.iter / 3), inline)));
    await queuedHugeRow(bench);
    await cardJpgAndCacheRows(bench, floors, health);
    await throughputRows(bench);
    await batchRow(bench);
    await scaling(bench);
    await sustained(bench, N.loadMs);
    await memoryRow(bench, early);
    // The other Chromium driver, on a service of its own, beside the inline figure above.
    bench.rows.push(...(await driverRows(N.iter, N.warm, inline)));
    // jsreport last: its Chrome pool would otherwise share the CPUs with everything measured after it.
    await jsreportRow(bench, inline);
  } finally {
    await bench.stop();
  }
  writeResults(bench.rows, loadBefore, quick);
}

// An explicit exit, so the peers' exit hooks (jsreport's browsers) run even if a handle stays open.
main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
