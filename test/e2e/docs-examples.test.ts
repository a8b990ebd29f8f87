import { describe, expect, inject, it } from "vitest";
import { freshReader, runServedExamples, servedExamples } from "../../scripts/docs-example-runner.ts";
import { runSdkExamples } from "./docs-example-sdk.ts";

// /docs, docs/served-docs.md#examples: every example request the page shows runs as written, in the page's order,
// against a fresh account (the examples before it its set-up), and answers the status the page shows, with an answer
// of the shape the page shows (status and keys; ids, times and counts differ). The examples are read from the served
// page, so the set run is the set a reader sees.

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

  it("run as written, in order, against a fresh account, each answering what the page shows", async () => {
    const base = inject("baseUrl");
    const html = await (await fetch(`${base}/docs`)).text();
    const examples = servedExamples(html);
    expect(examples.length).toBeGreaterThan(15);
    const results = await runServedExamples(examples, await freshReader(base, inject("internalSecret")));
    const wrong = results.flatMap(({ example, status, json }) => {
      const shown = parsed(example.answer);
      const problems = [
        status !== example.status ? `answered ${status}, the page shows ${example.status}` : "",
        example.status >= 200 && example.status < 300 && JSON.stringify(shape(shown)) !== JSON.stringify(shape(json))
          ? `answered ${JSON.stringify(shape(json))}, the page shows ${JSON.stringify(shape(shown))}`
          : "",
      ].filter(Boolean);
      return problems.length
        ? [`${example.id}: ${problems.join("; ")}\n${example.shell}\n${JSON.stringify(json)}`]
        : [];
    });
    expect(wrong).toEqual([]);
  });

  it("run through the SDK as the page shows it, in order, on another fresh account", async () => {
    const base = inject("baseUrl");
    const examples = servedExamples(await (await fetch(`${base}/docs`)).text());
    const runs = runSdkExamples(examples, await freshReader(base, inject("internalSecret")));
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
  });
});
