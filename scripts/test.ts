// `npm test` (docs/contributing.md#tests): the suite as three vitest runs side by side, merged into one report. Vitest
// runs its projects' groups one after another, and projects whose files take turns (each e2e project's share one
// service, or measure fairness and time) form a group of their own: in one run the workers, studio and e-invoice files
// would wait for them, and they for each other. Given files or projects to run, it is one plain vitest run of them.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { freePortBlock } from "./free-ports.ts";

const VITEST = join(import.meta.dirname, "../node_modules/vitest/vitest.mjs");
/** The runs, by the projects each takes (vitest.config.ts names them). */
const RUNS = {
  "in-process": ["workers", "e-invoice", "web"],
  "shared-service": ["e2e"],
  "own-services": ["e2e-services", "e2e-browser-rendering"],
} as const;

/** Runs vitest with `args`, its output passed on a whole line at a time so the runs never cut into each other's. */
function vitest(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const child = spawn(process.execPath, [VITEST, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const)
    createInterface({ input: from, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) => to.write(`${line}\n`));
  return new Promise((resolve) => child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

/** The merged report's totals, as one line: what the runs' summaries say together. */
function totals(jsonPath: string): string {
  let report: Record<string, number> & { testResults: unknown[] };
  try {
    report = JSON.parse(readFileSync(jsonPath, "utf8"));
  } catch {
    return "npm test: no merged report (a run stopped before it wrote its own)";
  }
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  return (
    `npm test: ${report.numPassedTests} tests passed, ${report.numFailedTests} failed, ${skipped} skipped, ` +
    `in ${report.testResults.length} files`
  );
}

async function runSplit(reporterArgs: string[]): Promise<number> {
  const started = Date.now();
  const blobs = mkdtempSync(join(tmpdir(), "folio-test-reports-"));
  // One block of ports for every e2e project's services, chosen before any run starts.
  const env = { ...process.env, E2E_PORT: process.env.E2E_PORT ?? String(await freePortBlock(24)) };
  try {
    const codes = await Promise.all(
      Object.entries(RUNS).map(([name, projects]) =>
        vitest(
          [
            "run",
            ...projects.flatMap((project) => ["--project", project]),
            "--reporter=default",
            "--reporter=blob",
            `--outputFile.blob=${join(blobs, `${name}.json`)}`,
          ],
          env,
        ),
      ),
    );
    // The merged report in the reporters asked for; its JSON (one's own if asked for) gives the totals.
    const asked = reporterArgs.find((arg) => arg.startsWith("--outputFile.json="))?.slice("--outputFile.json=".length);
    const merged = asked ?? join(blobs, "merged.json");
    const json = asked ? [] : ["--reporter=json", `--outputFile.json=${merged}`];
    const mergeCode = await vitest(["run", `--merge-reports=${blobs}`, ...reporterArgs, ...json]);
    const minutes = ((Date.now() - started) / 60_000).toFixed(1);
    console.log(`${totals(merged)}; ${minutes} min`);
    return Math.max(mergeCode, ...codes);
  } finally {
    rmSync(blobs, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
/** Everything but reporters and their output files narrows or changes the run: vitest is given it as it is. */
const onlyReporters = args.every((arg) => /^--(reporter|outputFile)(\.|=)/.test(arg));
process.exitCode = onlyReporters ? await runSplit(args) : await vitest(["run", ...args]);
