import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, watch } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { until } from "../poll";
import { api, createTemplate, internal, newKey, waitForRender } from "./client";

// A chunked render's pieces on the render backend's disk (docs/limits.md#disk-and-money), read where the backend keeps
// them: sealed while the render is in flight, gone as soon as it stops however it stops, within the account's disk
// ceiling; and the money ceiling projected from the first chunks, not found at the last.
const root = () => inject("chunkPiecesPath");

/** A page of drawn noise: about 1.2 MB of piece, against the e2e service's 3 MiB an account may hold. */
const NOISE =
  '<svg style="display:block;width:60mm;height:60mm" viewBox="0 0 10 10"><filter id="n"><feTurbulence ' +
  'type="fractalNoise" baseFrequency="0.9" numOctaves="2"/></filter><rect width="10" height="10" filter="url(#n)"/></svg>';

/** One page per row (noise or text); the chunk `slow` spends about a second in Liquid (of its 2 s) before it prints. */
const SOURCE =
  '{% for row in rows %}<section style="page-break-after: always">{% if row.noise %}' +
  NOISE +
  "{% else %}<p>Row {{ row.n }}</p>{% endif %}</section>{% endfor %}" +
  "{% if chunk.index == slow %}{% for i in (1..1000) %}{% for j in (1..800) %}{% endfor %}{% endfor %}{% endif %}";

const rows = (count: number, noise = false) => Array.from({ length: count }, (_, n) => ({ n, noise }));

/** The render ids whose pieces folder appeared while `work` ran (the folder may live for milliseconds). */
async function sessionsDuring<T>(work: () => Promise<T>): Promise<{ result: T; seen: Set<string> }> {
  mkdirSync(root(), { recursive: true });
  const seen = new Set<string>();
  const watcher = watch(root(), (_event, name) => name && seen.add(decodeURIComponent(String(name))));
  try {
    return { result: await work(), seen };
  } finally {
    watcher.close();
  }
}

const held = (id: string) => existsSync(join(root(), encodeURIComponent(id)));

/** The pieces on the backend's disk now (any render's), by path under the folder, with their sizes. */
function piecesNow(): Array<{ path: string; size: number }> {
  mkdirSync(root(), { recursive: true });
  return readdirSync(root(), { recursive: true })
    .map(String)
    .filter((name) => name.endsWith(".piece"))
    .map((path) => ({ path, size: statSync(join(root(), path), { throwIfNoEntry: false })?.size ?? 0 }));
}

async function failedRenderIds(key: string): Promise<string[]> {
  const list = await api("GET", "/v1/renders?limit=10", undefined, key);
  return (list.json.data as Array<{ id: string; status: string }>)
    .filter((r) => r.status === "failed")
    .map((r) => r.id);
}

describe("a chunked render's pieces", () => {
  it("are sealed on disk while the render prints, and gone once it succeeded", async () => {
    const key = await newKey();
    const template = await createTemplate({ name: "pieces", source: SOURCE }, key);
    const body = { template, data: { rows: rows(6), slow: 1 }, options: { chunk: { over: "rows", size: 2 } } };
    const rendering = api("POST", "/v1/render", body, key);
    // The first piece rests while the second chunk's Liquid runs.
    const piece = await until(
      async () => piecesNow().find((found) => found.path.endsWith("0.piece") && found.size > 500),
      (found) => found !== undefined,
      20_000,
      10,
    );
    const bytes = readFileSync(join(root(), String(piece?.path)));
    expect(bytes.length).toBeGreaterThan(500);
    for (const mark of ["%PDF", "/Type", "/Page", "endobj", "%%EOF"]) expect(bytes.includes(mark), mark).toBe(false);
    const res = await rendering;
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.page_count).toBe(6);
    expect(held(res.json.id)).toBe(false);
  });

  it("stops a trial's render at the first chunk whose pages project past its ceiling: 402 with the estimate, pieces gone", async () => {
    const trial = (await internal("POST", "/v1/internal/trials")).json.api_key;
    const template = await createTemplate({ name: "late-ceiling", source: SOURCE, expected_pages: 1 }, trial);
    // 51 one-page chunks against the trial's 50 units: without the projection, 50 chunks print before the 402.
    const body = { template, data: { rows: rows(51), slow: -1 }, options: { chunk: { over: "rows", size: 1 } } };
    const { result: res, seen } = await sessionsDuring(() => api("POST", "/v1/render", body, trial));
    expect(res.status, JSON.stringify(res.json)).toBe(402);
    expect(res.json.error).toMatchObject({
      type: "quota_exceeded",
      details: { estimated_units: 51, max_units: 50, printed_chunks: 1 },
    });
    expect(res.json.error.message).toMatch(/its first chunk projects an estimated 51 units/);
    const [id] = await failedRenderIds(trial);
    expect(seen.has(id as string)).toBe(true);
    expect(held(id as string)).toBe(false);
    expect((await api("GET", "/v1/usage", undefined, trial)).json.units).toMatchObject({ used: 0 });
  });

  it("never reach the disk when a chunk passes the ceiling inside it, inline or queued", async () => {
    const trial = (await internal("POST", "/v1/internal/trials")).json.api_key;
    const template = await createTemplate({ name: "ceiling", source: SOURCE, expected_pages: 1 }, trial);
    // The first chunk alone prints one page past the trial's 50: that piece ends the render, so it is never written.
    const body = { template, data: { rows: rows(70), slow: -1 }, options: { chunk: { over: "rows", size: 60 } } };
    const inline = await sessionsDuring(() => api("POST", "/v1/render", body, trial));
    expect(inline.result.status).toBe(402);
    expect(inline.result.json.error.details).toMatchObject({ estimated_units: 51, max_units: 50 });
    const [id] = await failedRenderIds(trial);
    expect(inline.seen.has(id as string)).toBe(false);
    expect(held(id as string)).toBe(false);

    const queued = await sessionsDuring(async () => {
      const res = await api("POST", "/v1/render", { ...body, async: true, data: { ...body.data, slow: -2 } }, trial);
      return waitForRender(res.json.id, trial);
    });
    expect(queued.result).toMatchObject({ status: "failed", error: { type: "quota_exceeded" } });
    expect(queued.seen.has(queued.result.id)).toBe(false);
    expect(held(queued.result.id)).toBe(false);
  });

  it("are gone once a chunk fails mid-way", async () => {
    const key = await newKey();
    const doubling =
      "{% if chunk.index == 1 %}{% assign s = 'xx' %}{% for i in (1..60) %}{% assign s = s | append: s %}" +
      "{% endfor %}{% endif %}{{ rows | size }}";
    const template = await createTemplate({ name: "fails-mid-way", source: doubling }, key);
    const body = { template, data: { rows: [1, 2, 3] }, options: { chunk: { over: "rows", size: 2 } } };
    const { result: res, seen } = await sessionsDuring(() => api("POST", "/v1/render", body, key));
    expect(res.json.error).toMatchObject({ type: "render_failed", details: { limit: "memory_limit", chunk: 1 } });
    const [id] = await failedRenderIds(key);
    expect(seen.has(id as string)).toBe(true);
    expect(held(id as string)).toBe(false);
  });

  it("stay within the account's disk ceiling: 429 while its other renders hold it, render_failed when one render passes it", async () => {
    const key = await newKey();
    const template = await createTemplate({ name: "heavy", source: SOURCE }, key);
    // Two pieces of noise (2.4 MB) held while the third chunk's Liquid runs; the other render's first piece would pass 3 MiB.
    const holding = api(
      "POST",
      "/v1/render",
      {
        template,
        data: { rows: [...rows(2, true), rows(1)[0]], slow: 2 },
        options: { chunk: { over: "rows", size: 1 } },
      },
      key,
    );
    await until(
      async () => piecesNow().filter((found) => found.size > 2 ** 20).length,
      (count) => count >= 2,
      20_000,
      10,
    );
    const second = { template, data: { rows: rows(2, true), slow: -1 }, options: { chunk: { over: "rows", size: 1 } } };
    const refused = await api("POST", "/v1/render", second, key);
    expect(refused.status, JSON.stringify(refused.json)).toBe(429);
    expect(refused.json.error).toMatchObject({
      type: "rate_limited",
      details: { reason: "chunk_disk_full", ceiling: "account", max_bytes: 3 * 2 ** 20 },
    });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await holding).status).toBe(200);

    // Alone, three pieces of noise pass the account's ceiling: no wait helps, so it is no 429.
    const heavy = { template, data: { rows: rows(4, true), slow: -1 }, options: { chunk: { over: "rows", size: 1 } } };
    const { result: failed, seen } = await sessionsDuring(() => api("POST", "/v1/render", heavy, key));
    expect(failed.json.error).toMatchObject({
      type: "render_failed",
      details: { reason: "pieces_too_large", retryable: false, max_bytes: 3 * 2 ** 20 },
    });
    const [id] = await failedRenderIds(key);
    expect(seen.has(id as string)).toBe(true);
    expect(held(id as string)).toBe(false);
  });
});
