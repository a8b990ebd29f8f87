import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import {
  type ExampleResult,
  freshReader,
  runServedExamples,
  servedExamples,
} from "../../scripts/docs-example-runner.ts";
import { runOnDevelopmentService } from "../../scripts/docs-examples.ts";
import { DOCS_EXAMPLES } from "../../src/docs/examples";
import { decodeEntities } from "../../src/lib/html-entities.ts";
import { runSdkExamples } from "./docs-example-sdk.ts";
import { e2ePort } from "./ports.ts";

// /docs, docs/served-docs.md#examples: every example request the page shows runs as written, in the page's order,
// against a fresh account (the examples before it its set-up), and answers the status the page shows, with an answer
// of the shape the page shows (status and keys; ids, times and counts differ). The examples are read from the served
// page, so the set run is the set a reader sees. Those marked "development" need `npm run dev`'s settings, which the
// e2e service does not have: they run, with the whole list before them, on a service started with those settings.

/** The keys of a JSON value, all the way down (an array by its first item); values themselves are left out. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length ? [shape(value[0])] : [];
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, item]) => [key, shape(item)]),
    );
  return "value";
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** What is wrong with each run: another status than the page shows, or an answer of other keys than the shown one. */
function curlProblems(results: ExampleResult[]): string[] {
  return results.flatMap(({ example, status, json }) => {
    const shown = parsed(example.answer);
    const problems = [
      status !== example.status ? `answered ${status}, the page shows ${example.status}` : "",
      example.status >= 200 && example.status < 300 && JSON.stringify(shape(shown)) !== JSON.stringify(shape(json))
        ? `answered ${JSON.stringify(shape(json))}, the page shows ${JSON.stringify(shape(shown))}`
        : "",
    ].filter(Boolean);
    return problems.length ? [`${example.id}: ${problems.join("; ")}\n${example.shell}\n${JSON.stringify(json)}`] : [];
  });
}

describe("the examples of /docs", () => {
  it("cover every endpoint, and every curl the page shows is one of them", async () => {
    const base = inject("baseUrl");
    const html = await (await fetch(`${base}/docs`)).text();
    const examples = servedExamples(html);
    const document = (await (await fetch(`${base}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const operations = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).map((operation) => operation.operationId),
    );
    expect(operations.filter((id) => !examples.some((example) => example.id === id))).toEqual([]);
    const outside = html.replace(/<div class="example"[\s\S]*?<\/details><\/div>/g, "");
    expect(outside.match(/<pre[^>]*>\s*curl [^<]*/g) ?? []).toEqual([]);
  });

  it("run as written, in order, against a fresh account, each answering what the page shows, /docs/cli's after", async () => {
    const base = inject("baseUrl");
    const examples = servedExamples(await (await fetch(`${base}/docs`)).text());
    expect(examples.length).toBeGreaterThan(15);
    const usual = examples.filter((example) => !example.development);
    const reader = await freshReader(base, inject("internalSecret"));
    expect(curlProblems(await runServedExamples(usual, reader))).toEqual([]);
    // Then /docs/cli's first commands, on the same account, as a reader types them in a folder of their own.
    const cliPage = await (await fetch(`${base}/docs/cli`)).text();
    const commands = decodeEntities(/<h2 id="cli-install">[\s\S]*?<pre>([\s\S]*?)<\/pre>/.exec(cliPage)?.[1] ?? "");
    expect(commands).toMatch(/^folio login/);
    const folder = mkdtempSync(join(tmpdir(), "folio-docs-cli-"));
    const PATH = `${join(import.meta.dirname, "../../node_modules/.bin")}:${process.env.PATH}`;
    const env = { ...process.env, PATH, KEY: reader.KEY, HOME: folder, XDG_CONFIG_HOME: join(folder, ".config") };
    const run = spawnSync("bash", ["-c", `set -euo pipefail\n${commands}`], { cwd: folder, env, encoding: "utf8" });
    const pdf = run.status === 0 ? readFileSync(join(folder, "delivery-note.pdf")).subarray(0, 5).toString() : "";
    rmSync(folder, { recursive: true, force: true });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(pdf).toBe("%PDF-");
  });

  it("run through the SDK as the page shows it, in order, on another fresh account, and /docs/sdk's after", async () => {
    const base = inject("baseUrl");
    const examples = servedExamples(await (await fetch(`${base}/docs`)).text());
    const sdkPage = await (await fetch(`${base}/docs/sdk`)).text();
    const pageExample = decodeEntities(/<h2 id="sdk-install">[\s\S]*?<pre>([\s\S]*?)<\/pre>/.exec(sdkPage)?.[1] ?? "");
    expect(pageExample).toContain("@folio/sdk");
    const { runs, programs } = runSdkExamples(
      examples.filter((example) => !example.development),
      await freshReader(base, inject("internalSecret")),
      [pageExample],
    );
    const wrong = runs.flatMap(({ example, failure, answer }) => {
      const shown = parsed(example.answer);
      const fetched = (answer as { status?: number } | null)?.status;
      const problem = failure
        ? `failed: ${failure}`
        : example.sdk.includes("await fetch(") && fetched !== example.status
          ? `fetched ${fetched}, the page shows ${example.status}`
          : shown !== undefined && JSON.stringify(shape(shown)) !== JSON.stringify(shape(answer))
            ? `answered ${JSON.stringify(shape(answer))}, the page shows ${JSON.stringify(shape(shown))}`
            : "";
      return problem ? [`${example.id}: ${problem}\n${example.sdk}`] : [];
    });
    expect(wrong).toEqual([]);
    expect(programs[0]?.failure).toBe("");
    expect(programs[0]?.output).toMatch(/^http\S+\/v1\/files\/rnd_\w+\?\S+ 1$/m);
  });
});

// Only while the page has an example marked "development": a service of its own, started as `npm run dev` starts it.
describe.runIf(DOCS_EXAMPLES.some((example) => example.development))("the development examples of /docs", () => {
  it("run as written, with every example before them, against `npm run dev`'s settings", async () => {
    const { results } = await runOnDevelopmentService(e2ePort("docsDevelopment"));
    expect(results.some((result) => result.example.development)).toBe(true);
    expect(curlProblems(results)).toEqual([]);
  }, 240_000);
});
