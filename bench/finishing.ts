// The cost of document finishing (/docs#finishing) on the fixture invoice: `tagged`, `pdfa` and `e_invoice` on
// the 1-page and the 26-page invoice (invoice-huge, rendered inline), each as a ratio to the plain PDF.
// `npm run bench` includes it; `tsx bench/finishing.ts [--quick]` runs it alone against a fresh service.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Render } from "../packages/sdk/src/index";
import { type Service, startService } from "../scripts/service.ts";
import type { InvoiceData } from "./scaling";
import { measure, type Row, type Sample } from "./stats";

const FIXTURES = join(import.meta.dirname, "../fixtures");
const json = (name: string) => JSON.parse(readFileSync(join(FIXTURES, name), "utf8"));

/** POSTs to the service; the answer as the path's schema says. */
export type Post = <Answer = unknown>(path: string, body: unknown) => Promise<Answer>;
const VARIANTS: Record<string, Record<string, unknown>> = {
  plain: {},
  tagged: { tagged: true },
  'pdfa "3b"': { pdfa: "3b" },
  "e_invoice (Factur-X EN 16931)": {
    e_invoice: {
      standard: "factur-x",
      profile: "en16931",
      xml: readFileSync(join(FIXTURES, "invoice.facturx.xml.liquid"), "utf8"),
    },
  },
};

/** Every render has its own invoice number, so none is answered from the cache. */
function unique(base: InvoiceData) {
  return { ...base, invoice: { ...base.invoice, number: `INV-F-${Math.random().toString(36).slice(2, 12)}` } };
}

/**
 * Measures each variant on both invoices (the `invoice` template must exist), plain first, in rows for the results
 * table.
 */
export async function finishingRows(
  post: Post,
  iterations: { one: number; many: number; warm: number },
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [file, count] of [
    ["invoice.data.json", iterations.one],
    ["invoice-huge.data.json", iterations.many],
  ] as const) {
    // The 1-page invoice's seller on both: it has the VAT id the e-invoice rules require (BR-S-02, BR-CO-26).
    const base = { ...json(file), seller: json("invoice.data.json").seller };
    let plain: Sample | undefined;
    for (const [variant, options] of Object.entries(VARIANTS)) {
      let pages = 0;
      const sample = await measure(
        async () =>
          (pages =
            (await post<Render>("/v1/render", { template: "invoice", data: unique(base), options })).page_count ?? 0),
        count,
        iterations.warm,
      );
      plain ??= sample;
      rows.push({
        name: `Folio inline ${pages}-page invoice PDF, ${variant}`,
        sample,
        ratio: variant === "plain" ? "" : `${variant}/plain ${(sample.median / plain.median).toFixed(2)}x`,
      });
    }
  }
  return rows;
}

/**
 * Runs `rows` against a fresh service that has the `invoice` template, prints them as a markdown table and exits:
 * the standalone form of a bench file's rows.
 */
export function withInvoiceService(rows: (post: Post, service: Service) => Promise<Row[]>): void {
  main(rows).then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}

async function main(rows: (post: Post, service: Service) => Promise<Row[]>) {
  const state = mkdtempSync(join(tmpdir(), "folio-bench-finishing-"));
  const service = await startService({
    port: Number(process.env.PORT ?? 8800),
    persistTo: state,
    env: { RENDER_SYNC_MAX_DATA_BYTES: "400000" },
  });
  try {
    const headers = { authorization: `Bearer ${service.apiKey}`, "content-type": "application/json" };
    const post: Post = async <Answer>(path: string, body: unknown) => {
      const res = await fetch(`${service.baseUrl}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
      const out = (await res.json()) as Answer;
      if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(out)}`);
      return out;
    };
    await post("/v1/templates", {
      name: "invoice",
      source: readFileSync(join(FIXTURES, "invoice.liquid.html"), "utf8"),
      schema: json("invoice.schema.json"),
    });
    const measured = await rows(post, service);
    console.log(
      [
        "| measurement | result | ratio |",
        "|---|---|---|",
        ...measured.map(
          (r) =>
            `| ${r.name} | ${r.sample!.median.toFixed(1)} ms (p95 ${r.sample!.p95.toFixed(1)}, n=${r.sample!.n}) | ${r.ratio} |`,
        ),
      ].join("\n"),
    );
  } finally {
    await service.stop();
    rmSync(state, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const quick = process.argv.includes("--quick");
  withInvoiceService((post) =>
    finishingRows(post, quick ? { one: 3, many: 1, warm: 1 } : { one: 20, many: 5, warm: 2 }),
  );
}
