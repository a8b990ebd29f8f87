// `npm run docs:generate` (its last step): the answers /docs shows under its examples, captured from the service.
// It starts Folio as `npm run dev` does (its settings, a fresh local state, free ports), runs every example the served
// /docs shows, in order, on a new account, and keeps each answer with ids, times and secrets masked, in
// src/docs/example-answers.json. An example answering another status than the docs say stops it, and nothing is
// written. test/e2e/docs-examples.test.ts holds the captured answers to the service's (status and keys).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { devSettings } from "./dev-settings.ts";
import { type ExampleResult, freshReader, runServedExamples, servedExamples } from "./docs-example-runner.ts";
import { freePortBlock } from "./free-ports.ts";
import { startService } from "./service.ts";

const ANSWERS_FILE = join(import.meta.dirname, "../src/docs/example-answers.json");

/** A string of an answer as the docs show it: nothing that differs between two runs or that must stay secret. */
function maskedText(text: string, baseUrl: string): string {
  return text
    .replaceAll(baseUrl, "{base}")
    .replace(/\b(expires|signature|token)=[^&"\s]+/g, "$1=…")
    .replace(/\b(folio_sk|whsec)_[A-Za-z0-9+/=]+/g, "$1_…")
    .replace(/\b([a-z]+)_[0-9a-z]{16,}\b/g, "$1_…")
    .replace(/\b(\d{4})-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z\b/g, "$1-…");
}

function masked(value: unknown, baseUrl: string): unknown {
  if (typeof value === "string") return maskedText(value, baseUrl);
  if (Array.isArray(value)) return value.map((item) => masked(item, baseUrl));
  if (value && typeof value === "object")
    return Object.fromEntries(
      // A key ending in `_ms` holds a measured duration, different on every run.
      Object.entries(value).map(([key, item]) => [key, key.endsWith("_ms") ? "…" : masked(item, baseUrl)]),
    );
  return value;
}

/**
 * Every example the served /docs shows, run in order on a new account of a Folio started as `npm run dev` does (its
 * settings, a fresh local state) on `port` and stopped after.
 */
export async function runOnDevelopmentService(port: number): Promise<{ baseUrl: string; results: ExampleResult[] }> {
  const state = mkdtempSync(join(tmpdir(), "folio-docs-examples-"));
  const service = await startService({ port, persistTo: state, env: { ...process.env, ...devSettings(process.env) } });
  try {
    const html = await (await fetch(`${service.baseUrl}/docs`)).text();
    const reader = await freshReader(service.baseUrl, service.internalSecret);
    return { baseUrl: service.baseUrl, results: await runServedExamples(servedExamples(html), reader) };
  } finally {
    await service.stop();
    rmSync(state, { recursive: true, force: true });
  }
}

async function capture(): Promise<void> {
  const { baseUrl, results } = await runOnDevelopmentService(await freePortBlock(2));
  const wrong = results.filter((r) => r.status !== r.example.status);
  if (wrong.length) {
    for (const r of wrong)
      console.error(
        `${r.example.id} answered ${r.status}, the docs say ${r.example.status}: ${JSON.stringify(r.json)}`,
      );
    throw new Error(`${wrong.length} of the docs' examples do not answer what the docs say; nothing was written`);
  }
  const answers = Object.fromEntries(
    results.map(({ example, status, json, contentType }) => [
      example.id,
      json === undefined ? { status, file: contentType.split(";")[0] } : { status, body: masked(json, baseUrl) },
    ]),
  );
  writeFileSync(ANSWERS_FILE, `${JSON.stringify(answers, null, 1)}\n`);
  console.log(`${results.length} answers captured in ${ANSWERS_FILE}`);
}

if (import.meta.main) await capture();
