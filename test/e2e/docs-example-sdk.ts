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

/** A program's output, or why it failed. */
export interface ProgramRun {
  output: string;
  failure: string;
}

/** Runs `code` as an ES module in `folder` (where `@folio/sdk` resolves) with `env`. */
function runProgram(folder: string, name: string, code: string, env: Record<string, string | undefined>): ProgramRun {
  const file = join(folder, `${name}.mjs`);
  writeFileSync(file, code);
  try {
    return { output: execFileSync(process.execPath, [file], { env, encoding: "utf8", stdio: "pipe" }), failure: "" };
  } catch (error) {
    return { output: "", failure: String((error as { stderr?: string }).stderr || error) };
  }
}

/**
 * Each example's SDK code, in the page's order, on the account of `given.KEY` (a later example's `$NAME` read from
 * this run's own answers: which request each answered is what the example's curl block asks), then `programs` (the
 * other pages' SDK examples, with these as their set-up).
 */
export function runSdkExamples(
  examples: ServedExample[],
  given: Record<string, string>,
  programs: string[],
): { runs: SdkRun[]; programs: ProgramRun[] } {
  const folder = mkdtempSync(join(tmpdir(), "folio-docs-sdk-"));
  symlinkSync(join(ROOT, "node_modules"), join(folder, "node_modules"));
  const runs: SdkRun[] = [];
  const earlier: Array<Pick<ExampleResult, "method" | "path" | "json">> = [];
  try {
    for (const [index, example] of examples.entries()) {
      const variables = exampleVariables(example.shell, earlier, given);
      const { method, url } = curlOf(example, variables);
      const env = { ...process.env, ...variables, FOLIO_API_KEY: given.KEY };
      const { output, failure } = runProgram(folder, `example-${index}`, example.sdk + PRINT_ANSWER, env);
      const answer: unknown = failure ? undefined : JSON.parse(output);
      runs.push({ example, failure, answer });
      earlier.push({ method, path: new URL(url).pathname, json: answer });
    }
    const env = { ...process.env, FOLIO_API_KEY: given.KEY };
    return { runs, programs: programs.map((code, index) => runProgram(folder, `page-${index}`, code, env)) };
  } finally {
    unlinkSync(join(folder, "node_modules"));
    rmSync(folder, { recursive: true, force: true });
  }
}
