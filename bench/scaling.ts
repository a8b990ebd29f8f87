// How cost grows with the document: the fixture invoice stretched to 1 .. 2000 pages, rendered through Folio
// (queued, like any large payload), with the render backend's memory sampled while it works.
import type { Render } from "../packages/sdk/src/index";
import type { Sample } from "./stats";

/** The fixture invoice's data (fixtures/invoice.data.json), as the bench varies it. */
export type InvoiceData = { invoice: object; items: object[] } & Record<string, unknown>;

/** About 23 of the fixture's line items fill an A4 page. */
const ITEMS_PER_PAGE = 23;

export interface ScalingDeps {
  base: InvoiceData;
  post(path: string, body: unknown): Promise<Render>;
  get(path: string): Promise<Render>;
  backendMemory(): Promise<number>;
}

export interface ScalingRow {
  pages: number;
  status: string;
  wallMs: number;
  msPerPage: number;
  /** Backend memory before the render, at its peak, and 2 s after the end. */
  beforeMemoryBytes: number;
  peakMemoryBytes: number;
  idleMemoryBytes: number;
  bytes: number;
  error?: string;
}

export function invoiceOfPages(base: ScalingDeps["base"], pages: number) {
  const items = Array.from({ length: Math.max(1, pages * ITEMS_PER_PAGE - 10) }, (_, i) => ({
    ...base.items[i % base.items.length],
    description: `Line item ${i + 1}`,
  }));
  return { ...base, items };
}

/**
 * Renders `pages` pages queued (the invoice stretched, unless `data` says otherwise), waits for the end by polling, and
 * samples backend memory meanwhile.
 */
export async function renderAtScale(
  deps: ScalingDeps,
  template: string,
  pages: number,
  data: unknown = invoiceOfPages(deps.base, pages),
): Promise<ScalingRow> {
  const idle = await deps.backendMemory();
  let peak = idle;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await deps.backendMemory());
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  const started = performance.now();
  const queued = await deps.post("/v1/render", { template, async: true, data, options: { timeout_ms: 30_000 } });
  let render = queued;
  while (render.status === "queued") {
    await new Promise((resolve) => setTimeout(resolve, 100));
    render = await deps.get(`/v1/renders/${queued.id}`);
  }
  const wallMs = performance.now() - started;
  sampling = false;
  await sampler;
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const after = await deps.backendMemory();
  return {
    pages: render.page_count ?? pages,
    status: render.status,
    wallMs,
    msPerPage: wallMs / (render.page_count ?? pages),
    beforeMemoryBytes: idle,
    peakMemoryBytes: peak,
    idleMemoryBytes: after,
    bytes: render.byte_size ?? 0,
    ...(render.error
      ? { error: `${render.error.type} (${render.error.details?.stage}): ${render.error.message}` }
      : {}),
  };
}

/** A run of certificates, one short page each: the light end of what `expected_pages` 2000 allows. */
export const CERTIFICATES = `<style>@page { size: A4; margin: 20mm } section { break-after: page; font-family: sans-serif } h1 { font-size: 40px }</style>
{% for p in people %}<section><h1>Certificate of completion</h1><p>Awarded to {{ p.name }} for finishing {{ p.course }} on {{ p.date }}.</p><p>Number {{ forloop.index }}</p></section>{% endfor %}`;

export function certificatesFor(count: number) {
  return {
    people: Array.from({ length: count }, (_, i) => ({
      name: `Person ${i + 1}`,
      course: "Document Rendering 101",
      date: "2026-11-24",
    })),
  };
}

export const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/** Latency percentiles of a list of milliseconds. */
export function percentiles(values: number[]): Sample & { p99: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))] ?? NaN;
  return { median: at(0.5), p95: at(0.95), p99: at(0.99), n: sorted.length };
}
