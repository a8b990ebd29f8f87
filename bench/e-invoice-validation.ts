// The cost of checking an e-invoice with the official artefacts (packages/e-invoice): the first check in this
// process (loading the compiled rules and schemas); warm checks in this thread, one rule set after the other (the
// processor time a check costs); and warm checks as the render backend answers them, the syntax's rules and the
// profile's in two threads side by side (container/src/e-invoice-thread.ts: the time a render waits), as a ratio
// to a 1-page PDF render when given. Besides the samples, the 26-page invoice's 600 lines as Factur-X, the size at
// which a rule reading the whole invoice for every line shows. `npm run bench` includes it;
// `tsx bench/e-invoice-validation.ts [--quick]` runs it alone.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { eInvoiceThreads } from "../container/src/e-invoice-thread.ts";
import { type EInvoiceKind, validateEInvoice } from "../packages/e-invoice/src/validate.ts";
import { renderLiquid } from "../src/render/liquid/liquid";
import { measure, type Row, type Sample } from "./stats.ts";

const FIXTURES = join(import.meta.dirname, "../fixtures");
const sample = (name: string) => readFileSync(join(FIXTURES, "e-invoice", name), "utf8");
const json = (name: string) => JSON.parse(readFileSync(join(FIXTURES, name), "utf8"));
const EN16931: EInvoiceKind = { standard: "factur-x", profile: "en16931" };
/** The checks measured as a paying account's: the backend admits them as it would a render's. */
const BENCH_SEAT = { accountId: "bench", share: "paid" } as const;

/** The fixture template's Factur-X XML for the 26-page invoice, with the seller VAT id the rules require. */
async function longInvoice(): Promise<string> {
  const data = { ...json("invoice-huge.data.json"), seller: json("invoice.data.json").seller };
  const template = readFileSync(join(FIXTURES, "invoice.facturx.xml.liquid"), "utf8");
  return renderLiquid(template, { data, instant: new Date("2026-01-15") }, "xml", "xml");
}

interface Case {
  name: string;
  xml: string;
  kind: EInvoiceKind;
  /** A fraction of the iterations, for an invoice whose check takes seconds. */
  share: number;
}

async function cases(): Promise<Case[]> {
  return [
    { name: "10-line Factur-X EN 16931 CII", xml: sample("factur-x-en16931.xml"), kind: EN16931, share: 1 },
    {
      name: "10-line XRechnung CII",
      xml: sample("xrechnung-cii.xml"),
      kind: { standard: "factur-x", profile: "xrechnung" },
      share: 1,
    },
    {
      name: "3-line UBL invoice (EN 16931)",
      xml: sample("ubl-invoice.xml"),
      kind: { standard: "ubl", cius: "en16931" },
      share: 1,
    },
    {
      name: "3-line XRechnung UBL",
      xml: sample("xrechnung-ubl.xml"),
      kind: { standard: "ubl", cius: "xrechnung" },
      share: 1,
    },
    {
      name: "600-line Factur-X EN 16931 CII (the 26-page invoice)",
      xml: await longInvoice(),
      kind: EN16931,
      share: 0.1,
    },
  ];
}

function check({ name, xml, kind }: Case): void {
  if (!validateEInvoice(xml, kind).valid) throw new Error(`${name} is invalid`);
}

export async function validationRows(iterations: number, render?: Sample): Promise<Row[]> {
  const rows: Row[] = [];
  const threads = eInvoiceThreads();
  // The backend's threads keep no process alive by themselves (its server does): this timer stands in for it.
  const alive = setInterval(() => undefined, 60_000);
  await threads.ready;
  const ratio = (sample: Sample) =>
    render ? `validation/1-page render ${((100 * sample.median) / render.median).toFixed(0)} %` : "";
  try {
    for (const one of await cases()) {
      const runs = Math.max(3, Math.ceil(iterations * one.share));
      const warmup = one.share < 1 ? 1 : 3;
      const started = performance.now();
      check(one);
      rows.push({
        name: `E-invoice validation, first (loads the rules): ${one.name}`,
        value: `${(performance.now() - started).toFixed(0)} ms`,
      });
      const inThread = await measure(async () => check(one), runs, warmup);
      rows.push({
        name: `E-invoice validation, warm, one thread: ${one.name}`,
        sample: inThread,
        ratio: ratio(inThread),
      });
      const body = JSON.stringify({ xml: one.xml, ...one.kind });
      const backend = await measure(
        async () => {
          if (!(await threads.ask(body, BENCH_SEAT)).valid) throw new Error(`${one.name} is invalid`);
        },
        runs,
        warmup,
      );
      rows.push({
        name: `E-invoice validation, warm, backend's two threads: ${one.name}`,
        sample: backend,
        ratio: ratio(backend),
      });
    }
  } finally {
    await threads.close();
    clearInterval(alive);
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const row of await validationRows(process.argv.includes("--quick") ? 10 : 40))
    console.log(
      row.name,
      row.sample
        ? `${row.sample.median.toFixed(1)} ms (p95 ${row.sample.p95.toFixed(1)}, n=${row.sample.n})`
        : row.value,
      row.ratio ?? "",
    );
}
