// Long documents (docs/rendering.md#long-documents): the statement fixture at 10 .. 2,000 pages and the certificates at
// 10,000, bare and with a footer "Certificate i of N" (whose margins document prints in slices), each queued with
// `options.chunk` and followed from submit to `succeeded`, with the render backend's memory sampled meanwhile; the
// statement also unchunked where one print can make it, for bytes and time per page beside it.
//   tsx bench/long-documents.ts [statement pages ...] [--certificates N] [--numbered-certificates N]
//                               [--unchunked-up-to N]
// Prints a markdown table for bench/RESULTS.md. Starts a service of its own on BENCH_PORT (default 8915).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { certificatesData } from "../fixtures/certificates-data.ts";
import { statementData } from "../fixtures/statement-data.ts";
import { startService } from "../scripts/service.ts";

const FIXTURES = join(import.meta.dirname, "../fixtures");
const text = (name: string) => readFileSync(join(FIXTURES, name), "utf8");
const json = (name: string) => JSON.parse(text(name));

interface Row {
  document: string;
  pages: number;
  chunked: boolean;
  status: string;
  wallMs: number;
  idleMiB: number;
  peakAboveIdleMiB: number;
  bytes: number;
  error?: string;
}

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const statementPages = args.filter((arg, i) => /^\d+$/.test(arg) && !args[i - 1]?.startsWith("--")).map(Number);
const sizes = statementPages.length > 0 ? statementPages : [10, 100, 1_000, 2_000];
const certificates = flag("--certificates", 10_000);
const numberedCertificates = flag("--numbered-certificates", certificates);
const unchunkedUpTo = flag("--unchunked-up-to", 100);

const state = mkdtempSync(join(tmpdir(), "folio-bench-long-"));
const service = await startService({ port: Number(process.env.BENCH_PORT ?? 8915), persistTo: state });
try {
  const created = await fetch(`${service.baseUrl}/v1/internal/accounts`, {
    method: "POST",
    headers: { "x-internal-secret": service.internalSecret },
    body: JSON.stringify({
      name: "bench long documents",
      plan: "scale",
      limits: { renders_per_minute: 1_000_000, free_renders_per_month: 100_000_000, monthly_spend_cap_usd: 10_000_000 },
    }),
  });
  const { api_key: key } = (await created.json()) as { api_key: string };
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${service.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const out = (await res.json()) as Record<string, unknown>;
    if (res.status >= 300 && res.status !== 400 && res.status !== 402) throw new Error(JSON.stringify(out));
    return out;
  };
  const backendMemory = async () => {
    const res = await fetch(`${service.backendUrl}/stats`, { headers: { "x-render-secret": service.backendSecret } });
    return ((await res.json()) as { memory_bytes: number }).memory_bytes;
  };
  await call("POST", "/v1/templates", {
    name: "statement",
    source: text("statement.liquid.html"),
    schema: json("statement.schema.json"),
    options: json("statement.options.json"),
    expected_pages: 2_000,
  });
  await call("POST", "/v1/templates", {
    name: "certificates",
    source: text("certificates.liquid.html"),
    options: json("certificates.options.json"),
    expected_pages: 2_000,
  });
  await call("POST", "/v1/templates", {
    name: "numbered-certificates",
    source: text("certificates.liquid.html"),
    options: {
      ...json("certificates.options.json"),
      footer_html:
        "<div style='font-size:8px;width:100%;text-align:center'>" +
        "Certificate <span class='pageNumber'></span> of <span class='totalPages'></span></div>",
    },
    expected_pages: 2_000,
  });

  /** Submits queued, polls to the end, samples backend memory every 250 ms. */
  async function run(document: string, pages: number, data: unknown, chunk?: object): Promise<Row> {
    const idle = await backendMemory();
    let peak = idle;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await backendMemory().catch(() => 0));
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    const started = performance.now();
    let render = await call("POST", "/v1/render", {
      template: document,
      async: true,
      data,
      options: { timeout_ms: 30_000, ...(chunk ? { chunk } : {}) },
    });
    while (render.status === "queued" || render.status === "rendering") {
      await new Promise((resolve) => setTimeout(resolve, 200));
      render = await call("GET", `/v1/renders/${render.id}`);
    }
    // The render's own times, received to completed: the 200 ms between polls would otherwise be a tenth of a short
    // render's figure. The client's wall time is the fallback for a render that never completed.
    const created = Date.parse(String(render.created_at));
    const completed = Date.parse(String(render.completed_at));
    const wallMs = Number.isFinite(completed - created) ? completed - created : performance.now() - started;
    sampling = false;
    await sampler;
    const error = render.error as { message?: string } | null;
    return {
      document,
      pages: Number(render.page_count ?? pages),
      chunked: chunk !== undefined,
      status: String(render.status ?? (render.error as { type?: string })?.type),
      wallMs,
      idleMiB: idle / 2 ** 20,
      peakAboveIdleMiB: (peak - idle) / 2 ** 20,
      bytes: Number(render.byte_size ?? 0),
      ...(error?.message ? { error: error.message.slice(0, 160) } : {}),
    };
  }

  const rows: Row[] = [];
  const report = (row: Row) => {
    rows.push(row);
    console.error(JSON.stringify(row));
  };
  // Warm the backend once: the first print of a fresh Chromium is not what a page costs.
  await run("statement", 10, statementData(10), { over: "statement.lines", size: 500 });
  for (const pages of sizes) {
    const data = statementData(pages);
    report(await run("statement", pages, data, { over: "statement.lines", size: 480 }));
    if (pages <= unchunkedUpTo) report(await run("statement", pages, data));
  }
  if (certificates > 0)
    report(await run("certificates", certificates, certificatesData(certificates), { over: "people", size: 500 }));
  if (numberedCertificates > 0) {
    const data = certificatesData(numberedCertificates);
    report(await run("numbered-certificates", numberedCertificates, data, { over: "people", size: 500 }));
  }

  const per100 = rows.find((row) => row.document === "statement" && row.pages >= 100 && row.chunked);
  const base = per100 ? per100.wallMs / per100.pages : null;
  console.log(
    "| document | pages | chunked | status | submit to succeeded | ms/page | vs 100-page | backend peak above idle | bytes/page |",
  );
  console.log("|---|---:|---|---|---:|---:|---:|---:|---:|");
  for (const row of rows) {
    const perPage = row.wallMs / row.pages;
    console.log(
      `| ${row.document} | ${row.pages.toLocaleString("en-US")} | ${row.chunked ? "yes" : "no"} | ${row.status}` +
        `${row.error ? ` (${row.error})` : ""} | ${(row.wallMs / 1000).toFixed(1)} s | ${perPage.toFixed(1)} | ` +
        `${base ? `${(perPage / base).toFixed(2)}x` : "-"} | ${row.peakAboveIdleMiB.toFixed(0)} MiB (idle ` +
        `${row.idleMiB.toFixed(0)}) | ${row.bytes ? Math.round(row.bytes / row.pages).toLocaleString("en-US") : "-"} |`,
    );
  }
} finally {
  await service.stop();
  rmSync(state, { recursive: true, force: true });
}
