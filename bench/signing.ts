// What a signature costs (docs/signing.md): a 1-page invoice rendered signed B-B (RSA-2048, P-256) against the same
// render unsigned, paired in one loop (each iteration renders both, alternating which goes first), so the difference
// is what signing adds in the Worker: reading the certificate and opening its sealed key, one incremental update,
// the CMS.
// `npm run bench` includes it; `tsx bench/signing.ts [--quick]` runs it alone against a fresh service.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Render } from "../packages/sdk/src/index";
import { issue, pemUpload } from "../test/routes/certificates/pki";
import { type Post, withInvoiceService } from "./finishing";
import { type Row, summarize } from "./stats";

const FIXTURES = join(import.meta.dirname, "../fixtures");
const INVOICE = JSON.parse(readFileSync(join(FIXTURES, "invoice.data.json"), "utf8"));
const KEYS = { "RSA-2048": { rsa: 2048 }, "EC-P256": { curve: "P-256" } } as const;

const unique = () => ({
  ...INVOICE,
  invoice: { ...INVOICE.invoice, number: `INV-S-${Math.random().toString(36).slice(2, 12)}` },
});

/** Unsigned and signed with `certificate`, each iteration rendering both: the medians and their difference. */
async function pairedRows(post: Post, type: keyof typeof KEYS, iterations: number, warm: number): Promise<Row[]> {
  const ca = await issue("CN=Folio bench CA", { ca: true, key: { curve: "P-256" } });
  const signer = await issue(`CN=Folio bench ${type}`, { issuer: ca, key: KEYS[type] });
  const { id: certificate } = await post<{ id: string }>("/v1/certificates", await pemUpload(signer, [ca]));
  const times = { plain: [] as number[], signed: [] as number[] };
  const render = async (variant: keyof typeof times) => {
    const options = variant === "signed" ? { sign: { certificate } } : {};
    const started = performance.now();
    const out = await post<Render>("/v1/render", { template: "invoice", data: unique(), options });
    if (variant === "signed" && !out.compliance?.signature) throw new Error("a signed render without its receipt");
    return performance.now() - started;
  };
  for (let i = -warm; i < iterations; i++) {
    const order: Array<keyof typeof times> = i % 2 === 0 ? ["plain", "signed"] : ["signed", "plain"];
    for (const variant of order) {
      const ms = await render(variant);
      if (i >= 0) times[variant].push(ms);
    }
  }
  const [plain, signed] = [summarize(times.plain), summarize(times.signed)];
  const added = `+${(signed.median - plain.median).toFixed(1)} ms (median difference)`;
  return [
    { name: `Folio inline 1-page invoice PDF, unsigned (paired with ${type} B-B)`, sample: plain, ratio: "" },
    { name: `Folio inline 1-page invoice PDF, signed B-B with ${type}`, sample: signed, ratio: added },
  ];
}

export async function signingRows(post: Post, iterations: { paired: number; warm: number }): Promise<Row[]> {
  const rows: Row[] = [];
  for (const type of Object.keys(KEYS) as Array<keyof typeof KEYS>) {
    rows.push(...(await pairedRows(post, type, iterations.paired, iterations.warm)));
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const quick = process.argv.includes("--quick");
  withInvoiceService((post) => signingRows(post, quick ? { paired: 6, warm: 1 } : { paired: 20, warm: 3 }));
}
