// The results table: each row as a line of Markdown, printed and written to bench/RESULTS.md below the part kept by
// hand (above `<!-- measured -->`), with the machine it ran on.
import { execSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import type { Row, Sample } from "./stats";

const RESULTS = join(import.meta.dirname, "RESULTS.md");

const ms = (s: Sample) => `${s.median.toFixed(1)} ms (p95 ${s.p95.toFixed(1)}, n=${s.n})`;
export const ratio = (a: Sample, b: Sample) => `${(a.median / b.median).toFixed(2)}x`;

/** Other work on the machine skews every figure: the load before starting is part of the result. */
export function loadNow(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");
}

function machine(loadBefore: string): string {
  return `${cpus().length} cores (${cpus()[0]?.model ?? "unknown CPU"}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}, ${execSync("chromium --version 2>/dev/null || true").toString().trim()}; load average before the run ${loadBefore}`;
}

export function writeResults(rows: Row[], loadBefore: string, quick: boolean) {
  const on = machine(loadBefore);
  const table = [
    "| measurement | result | ratio |",
    "|---|---|---|",
    ...rows.map((r) => `| ${r.name} | ${r.sample ? ms(r.sample) : r.value} | ${r.ratio ?? ""} |`),
  ].join("\n");
  console.log(`\n${on}\n\n${table}\n`);
  const previous = (() => {
    try {
      return readFileSync(RESULTS, "utf8").split("<!-- measured -->")[0]!;
    } catch {
      return "# Benchmark results\n\n";
    }
  })();
  writeFileSync(
    RESULTS,
    `${previous}<!-- measured -->\n## Latest run (${new Date().toISOString().slice(0, 10)}${quick ? ", --quick" : ""})\n\nMachine: ${on}\n\n${table}\n`,
  );
}
