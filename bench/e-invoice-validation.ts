// The cost of checking an e-invoice with the official artefacts (packages/e-invoice), in this Node process, as
// the render backend would: the first check (loading the compiled rules and schemas), then warm checks of the
// 10-line Factur-X EN 16931 sample and the UBL invoice, the first as a ratio to a 1-page PDF render when given.
// `npm run bench` includes it; `node bench/e-invoice-validation.ts [--quick]` runs it alone.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type EInvoiceKind, validateEInvoice } from "../packages/e-invoice/src/validate.ts";
import { measure, type Row, type Sample } from "./stats.ts";

const SAMPLES = join(import.meta.dirname, "../fixtures/e-invoice");
const CASES: Array<[string, string, EInvoiceKind]> = [
  ["10-line Factur-X EN 16931 CII", "factur-x-en16931.xml", { standard: "factur-x", profile: "en16931" }],
  ["10-line XRechnung CII", "xrechnung-cii.xml", { standard: "factur-x", profile: "xrechnung" }],
  ["3-line UBL invoice (EN 16931)", "ubl-invoice.xml", { standard: "ubl", cius: "en16931" }],
  ["3-line XRechnung UBL", "xrechnung-ubl.xml", { standard: "ubl", cius: "xrechnung" }],
];

function check(file: string, kind: EInvoiceKind): void {
  if (!validateEInvoice(readFileSync(join(SAMPLES, file), "utf8"), kind).valid) throw new Error(`${file} is invalid`);
}

export async function validationRows(iterations: number, render?: Sample): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [name, file, kind] of CASES) {
    const started = performance.now();
    check(file, kind);
    rows.push({
      name: `E-invoice validation, first (loads the rules): ${name}`,
      value: `${(performance.now() - started).toFixed(0)} ms`,
    });
    const sample = await measure(async () => check(file, kind), iterations, 3);
    const ratio = render ? `validation/1-page render ${((100 * sample.median) / render.median).toFixed(0)} %` : "";
    rows.push({ name: `E-invoice validation, warm: ${name}`, sample, ratio });
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
