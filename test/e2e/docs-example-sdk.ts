// Runs the SDK block of each example the served /docs shows, as a reader's program would: the code as the page shows
// it, in an ES module beside the repository's node_modules (where `@folio/sdk` is the built package), with
// FOLIO_API_KEY and the `$NAME` values the example's curl block names in the environment. Each block binds `answer`;
// what it holds is printed for the test to judge.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { curlOf, type ExampleResult, exampleVariables, type ServedExample } from "../../scripts/docs-example-runner.ts";

const ROOT = join(import.meta.dirname, "../..");

/** How the answer is printed: a fetched file as its status, a file's bytes as their count, JSON as it is. */
const PRINT_ANSWER =
  "\nconsole.log(JSON.stringify(answer instanceof Response ? { status: answer.status } : " +
  "answer instanceof ArrayBuffer ? { bytes: answer.byteLength } : (answer ?? null)));\n";

export interface SdkRun {
  example: ServedExample;
  /** Why the program failed, or "" when it ended well. */
  failure: string;
  answer: unknown;
}

/**
 * Each example's SDK code, in the page's order, on the account of `given.KEY`; a later example's `$NAME` is read
 * from this run's own answers (which request each answered is what the example's curl block asks).
 */
export function runSdkExamples(examples: ServedExample[], given: Record<string, string>): SdkRun[] {
  const folder = mkdtempSync(join(tmpdir(), "folio-docs-sdk-"));
  symlinkSync(join(ROOT, "node_modules"), join(folder, "node_modules"));
  const runs: SdkRun[] = [];
  const earlier: Array<Pick<ExampleResult, "method" | "path" | "json">> = [];
  try {
    for (const [index, example] of examples.entries()) {
      const file = join(folder, `example-${index}.mjs`);
      writeFileSync(file, example.sdk + PRINT_ANSWER);
      const variables = exampleVariables(example.shell, earlier, given);
      const { method, url } = curlOf(example, variables);
      const env = { ...process.env, ...variables, FOLIO_API_KEY: given.KEY };
      let answer: unknown;
      let failure = "";
      try {
        answer = JSON.parse(execFileSync(process.execPath, [file], { env, encoding: "utf8", stdio: "pipe" }));
      } catch (error) {
        failure = String((error as { stderr?: string }).stderr || error);
      }
      runs.push({ example, failure, answer });
      earlier.push({ method, path: new URL(url).pathname, json: answer });
    }
  } finally {
    unlinkSync(join(folder, "node_modules"));
    rmSync(folder, { recursive: true, force: true });
  }
  return runs;
}
