// The 1-page invoice through each Chromium driver, each on a service of its own and measured the same way:
// the render backend (RENDER_BACKEND_URL) and Browser Rendering (the BROWSER binding: Miniflare's local one
// on the system Chromium, its sessions and pages reused by RenderBrowser objects). `npm run bench` adds the
// Browser Rendering row beside its own backend figure; `tsx bench/drivers.ts [--quick]` measures both alone.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startService } from "../scripts/service.ts";
import type { Row } from "./stats";
import { measure, type Sample } from "./stats";

type Driver = "backend" | "browser-rendering";

const FIXTURES = join(import.meta.dirname, "../fixtures");
const json = (name: string) => JSON.parse(readFileSync(join(FIXTURES, name), "utf8"));
const PORTS: Record<Driver, number> = { backend: 8820, "browser-rendering": 8824 };

/**
 * Inline renders of the 1-page invoice, each with its own invoice number (never a cache hit), on a fresh service
 * driving `driver`.
 */
async function inlineInvoice(driver: Driver, iterations: number, warmup: number): Promise<Sample> {
  const state = mkdtempSync(join(tmpdir(), `folio-bench-${driver}-`));
  const service = await startService({ port: PORTS[driver], persistTo: state, env: { FOLIO_CHROMIUM_DRIVER: driver } });
  try {
    const created = await fetch(`${service.baseUrl}/v1/internal/accounts`, {
      method: "POST",
      headers: { "x-internal-secret": service.internalSecret },
      body: JSON.stringify({
        name: `bench ${driver}`,
        plan: "scale",
        limits: {
          renders_per_minute: 1_000_000,
          free_renders_per_month: 100_000_000,
          monthly_spend_cap_usd: 10_000_000,
        },
      }),
    });
    const { api_key: key } = (await created.json()) as { api_key: string };
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${service.baseUrl}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const out: unknown = await res.json();
      if (res.status >= 300) throw new Error(`${driver} ${path}: ${res.status} ${JSON.stringify(out)}`);
      return out;
    };
    await post("/v1/templates", {
      name: "invoice",
      source: readFileSync(join(FIXTURES, "invoice.liquid.html"), "utf8"),
      schema: json("invoice.schema.json"),
    });
    const base = json("invoice.data.json");
    return await measure(
      (i) =>
        post("/v1/render", {
          template: "invoice",
          data: {
            ...base,
            invoice: { ...base.invoice, number: `INV-D-${driver}-${i}-${Math.random().toString(36).slice(2, 8)}` },
          },
        }),
      iterations,
      warmup,
    );
  } finally {
    await service.stop();
    rmSync(state, { recursive: true, force: true });
  }
}

/**
 * The Browser Rendering row beside `backend` (the same measurement through the render backend), measured now when not
 * given.
 */
export async function driverRows(iterations: number, warmup: number, backend?: Sample): Promise<Row[]> {
  const rows: Row[] = [];
  if (!backend) {
    backend = await inlineInvoice("backend", iterations, warmup);
    rows.push({ name: "Folio inline 1-page invoice PDF, render backend driver", sample: backend });
  }
  const browserRendering = await inlineInvoice("browser-rendering", iterations, warmup);
  rows.push({
    name: "Folio inline 1-page invoice PDF, Browser Rendering driver (local; sessions and pages reused)",
    sample: browserRendering,
    ratio: `Browser Rendering/backend ${(browserRendering.median / backend.median).toFixed(2)}x`,
  });
  return rows;
}

if (resolve(process.argv[1] ?? "") === fileURLToPath(import.meta.url)) {
  const quick = process.argv.includes("--quick");
  const rows = await driverRows(quick ? 15 : 60, quick ? 3 : 8);
  const ms = (s: Sample) => `${s.median.toFixed(1)} ms (p95 ${s.p95.toFixed(1)}, n=${s.n})`;
  console.log(
    [
      "| measurement | result | ratio |",
      "|---|---|---|",
      ...rows.map((r) => `| ${r.name} | ${r.sample ? ms(r.sample) : r.value} | ${r.ratio ?? ""} |`),
    ].join("\n"),
  );
  process.exit(0);
}
