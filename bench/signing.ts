// What a signature costs (docs/signing.md): a 1-page invoice rendered signed B-B (RSA-2048, P-256) against the same
// render unsigned, and B-T against B-B (P-256), each pair in one loop (every iteration renders both, alternating which
// goes first), so a difference is what signing, or the time-stamp, adds: reading the certificate and opening its
// sealed key, one incremental update, the CMS; for B-T the authority's slots, its answer and the token's checks.
// Beside them the authority's own answer time (the development authority on loopback, queried directly).
// `npm run bench` includes it; `tsx bench/signing.ts [--quick]` runs it alone against a fresh service.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Render } from "../packages/sdk/src/index";
import { timeStampQuery } from "../src/render/pdf/signing/time-stamp-token";
import { issue, pemUpload } from "../test/routes/certificates/pki";
import { type Post, withInvoiceService } from "./finishing";
import { measure, type Row, summarize } from "./stats";

const FIXTURES = join(import.meta.dirname, "../fixtures");
const INVOICE = JSON.parse(readFileSync(join(FIXTURES, "invoice.data.json"), "utf8"));
const KEYS = { "RSA-2048": { rsa: 2048 }, "EC-P256": { curve: "P-256" } } as const;
type Variant = "unsigned" | "B-B" | "B-T";

const unique = () => ({
  ...INVOICE,
  invoice: { ...INVOICE.invoice, number: `INV-S-${Math.random().toString(36).slice(2, 12)}` },
});

async function certificateOf(post: Post, type: keyof typeof KEYS): Promise<string> {
  const ca = await issue("CN=Folio bench CA", { ca: true, key: { curve: "P-256" } });
  const signer = await issue(`CN=Folio bench ${type}`, { issuer: ca, key: KEYS[type] });
  return (await post<{ id: string }>("/v1/certificates", await pemUpload(signer, [ca]))).id;
}

/** `pair` rendered with `certificate`, each iteration rendering both: both rows, the second with the difference. */
async function pairedRows(
  post: Post,
  certificate: { id: string; type: keyof typeof KEYS },
  pair: [Variant, Variant],
  iterations: { paired: number; warm: number },
): Promise<Row[]> {
  const times = new Map<Variant, number[]>(pair.map((variant) => [variant, []]));
  const render = async (variant: Variant) => {
    const options = variant === "unsigned" ? {} : { sign: { certificate: certificate.id, level: variant } };
    const started = performance.now();
    const out = await post<Render>("/v1/render", { template: "invoice", data: unique(), options });
    if (variant !== "unsigned" && out.compliance?.signature?.level !== variant) throw new Error(`not ${variant}`);
    return performance.now() - started;
  };
  for (let i = -iterations.warm; i < iterations.paired; i++)
    for (const variant of i % 2 === 0 ? pair : [...pair].reverse()) {
      const ms = await render(variant);
      if (i >= 0) times.get(variant)?.push(ms);
    }
  const [first, second] = pair.map((variant) => summarize(times.get(variant) ?? []));
  if (!first || !second) throw new Error("a pair without its samples");
  const name = (variant: Variant) =>
    `Folio inline 1-page invoice PDF, ${variant === "unsigned" ? "unsigned" : `signed ${variant} with ${certificate.type}`}`;
  return [
    { name: `${name(pair[0])} (paired with ${pair[1]})`, sample: first, ratio: "" },
    {
      name: name(pair[1]),
      sample: second,
      ratio: `+${(second.median - first.median).toFixed(1)} ms (median difference)`,
    },
  ];
}

/** The time-stamp authority's own answer to one query, over HTTP from this process. */
async function authorityRow(tsaUrl: string, iterations: number): Promise<Row> {
  const signature = crypto.getRandomValues(new Uint8Array(72));
  const sample = await measure(
    async () => {
      const { der } = await timeStampQuery(signature, "SHA-256");
      const res = await fetch(tsaUrl, {
        method: "POST",
        headers: { "content-type": "application/timestamp-query" },
        body: der,
      });
      if (!res.ok) throw new Error(`the authority answered ${res.status}`);
      await res.arrayBuffer();
    },
    iterations,
    2,
  );
  return { name: "Time-stamp authority's answer (npm run dev's, on loopback), queried directly", sample, ratio: "" };
}

export async function signingRows(
  post: Post,
  tsaUrl: string,
  iterations: { paired: number; warm: number },
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const type of Object.keys(KEYS) as Array<keyof typeof KEYS>) {
    const certificate = { id: await certificateOf(post, type), type };
    rows.push(...(await pairedRows(post, certificate, ["unsigned", "B-B"], iterations)));
    if (type === "EC-P256") rows.push(...(await pairedRows(post, certificate, ["B-B", "B-T"], iterations)));
  }
  rows.push(await authorityRow(tsaUrl, iterations.paired));
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const quick = process.argv.includes("--quick");
  const iterations = quick ? { paired: 6, warm: 1 } : { paired: 20, warm: 3 };
  withInvoiceService((post, service) => signingRows(post, service.tsaUrl, iterations));
}
