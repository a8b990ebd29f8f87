// The cost of an accessible PDF (docs/accessibility.md#in-a-render): a `pdfua` render of the 1-page and the 26-page
// invoice against the same with `tagged` only, paired in one loop (each iteration renders both, in alternating order,
// so a change of load falls on both alike); then the render backend's job itself on the tagged file the service
// printed, per page, at 26 pages and at some 200: asked of the backend's accessibility thread (its pages in a thread
// of its own, as a render waits for it) and, at 26 pages, run in this one thread (what it costs the processor).
// `npm run bench` includes it; `tsx bench/pdfua.ts [--quick]` runs it alone against a fresh service.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type AccessibilityThread, accessibilityThread } from "../container/src/accessibility-thread";
import { type AccessibilityResult, mendAndCheck } from "../packages/render-page/src/pdfua/accessibility-job";
import type { Render } from "../packages/sdk/src/index";
import { type Post, withInvoiceService } from "./finishing";
import { measure, type Row, type Sample, summarize } from "./stats";

const FIXTURES = join(import.meta.dirname, "../fixtures");
const json = (name: string) => JSON.parse(readFileSync(join(FIXTURES, name), "utf8"));
/** The fixture invoice, written for PDF/UA-1 (its H1, header cells with their scope: fixtures/README.md). */
const ACCESSIBLE_INVOICE = readFileSync(join(FIXTURES, "invoice.liquid.html"), "utf8");
const TEMPLATE = "invoice-pdfua";
type Invoice = { invoice: Record<string, unknown>; items: unknown[] };
/** Pairs rendered before the first measured one. */
const THREAD_WARM_UP = 10;

/** Every render has its own invoice number, so none is answered from the cache. */
function unique(base: Invoice): Invoice {
  return { ...base, invoice: { ...base.invoice, number: `INV-UA-${Math.random().toString(36).slice(2, 12)}` } };
}

const row = (name: string, sample: Sample, ratio = ""): Row => ({ name, sample, ratio });

/**
 * `pdfua` and `tagged` on one invoice, each iteration rendering both, alternating which goes first. The ratio is
 * given two ways: of the two medians, and the median of each pair's own ratio, which a change of load between pairs
 * (the machine's, not the render's) moves least.
 */
async function pairedRows(post: Post, base: Invoice, iterations: number, warm: number): Promise<Row[]> {
  const times = { tagged: [] as number[], pdfua: [] as number[] };
  const render = async (variant: keyof typeof times) => {
    const started = performance.now();
    const options = variant === "pdfua" ? { pdfua: "1" } : { tagged: true };
    const out = await post<Render>("/v1/render", { template: TEMPLATE, data: unique(base), options });
    if (variant === "pdfua" && !out.compliance?.accessibility?.valid) throw new Error("pdfua render without receipt");
    return { ms: performance.now() - started, pages: out.page_count ?? 0 };
  };
  let pages = 0;
  for (let i = -warm; i < iterations; i++) {
    const order: Array<keyof typeof times> = i % 2 === 0 ? ["tagged", "pdfua"] : ["pdfua", "tagged"];
    for (const variant of order) {
      const { ms, pages: printed } = await render(variant);
      pages = printed;
      if (i >= 0) times[variant].push(ms);
    }
  }
  const [tagged, pdfua] = [summarize(times.tagged), summarize(times.pdfua)];
  const pairs = summarize(times.pdfua.map((ms, i) => ms / (times.tagged[i] as number))).median;
  return [
    row(`Folio inline ${pages}-page invoice PDF, tagged (paired with pdfua)`, tagged),
    row(
      `Folio inline ${pages}-page invoice PDF, pdfua "1"`,
      pdfua,
      `pdfua/tagged ${(pdfua.median / tagged.median).toFixed(2)}x (the pairs' own: ${pairs.toFixed(2)}x)`,
    ),
  ];
}

/** The tagged file the service printed for `base`, and its pages. */
async function taggedFile(post: Post, base: Invoice): Promise<{ pdf: Uint8Array; pages: number }> {
  const render = await post<Render>("/v1/render", {
    template: TEMPLATE,
    data: unique(base),
    options: { tagged: true },
  });
  const pdf = new Uint8Array(await (await fetch(render.url as string)).arrayBuffer());
  return { pdf, pages: render.page_count ?? 0 };
}

/** Pages a job by the time it took. */
const perPage = (sample: Sample, pages: number) =>
  `${(sample.median / pages).toFixed(1)} ms a page (p95 ${(sample.p95 / pages).toFixed(1)})`;

/**
 * The render backend's job (mends, then check) on the tagged file the service printed, timed per page: as the
 * backend runs it (`thread`, its pages in a thread of that thread's own: what a render waits for), and with
 * `oneThread` all in this thread too (the processor time it costs).
 */
async function jobRows(post: Post, base: Invoice, runs: JobRuns, oneThread: boolean): Promise<Row[]> {
  const { pdf, pages } = await taggedFile(post, base);
  const passing = ({ report }: AccessibilityResult) => {
    if (report.violations.length > 0) throw new Error(`check failed: ${JSON.stringify(report.violations)}`);
  };
  const seat = { accountId: "acct_bench", share: "free" } as const;
  const ask = async () => passing(await runs.thread.ask({ pdf: pdf.slice(), options: {} }, seat));
  const threaded = await measure(ask, runs.iterations, runs.warm);
  const rows = [
    row(`Render backend's pdfua job, ${pages}-page tagged invoice, its threads`, threaded, perPage(threaded, pages)),
  ];
  if (!oneThread) return rows;
  const inOne = await measure(async () => passing(await mendAndCheck(pdf, {})), runs.iterations, runs.warm);
  return [...rows, row(`The same job in one thread, in process (${pages} pages)`, inOne, perPage(inOne, pages))];
}

interface JobRuns {
  thread: AccessibilityThread;
  iterations: number;
  warm: number;
}

/** The paired renders on both invoices, then the job per page at 26 and at some 200 pages. */
export async function pdfuaRows(post: Post, iterations: { one: number; many: number; warm: number }): Promise<Row[]> {
  // The 1-page invoice's seller on both, as bench/finishing.ts does.
  const one = json("invoice.data.json") as Invoice;
  const huge = { ...json("invoice-huge.data.json"), seller: json("invoice.data.json").seller } as Invoice;
  const longer = { ...huge, items: Array.from({ length: 8 }, () => huge.items).flat() };
  await post("/v1/templates", { name: TEMPLATE, source: ACCESSIBLE_INVOICE, schema: json("invoice.schema.json") });
  const rows = [
    // The backend's accessibility thread runs pdfua jobs only, its code optimised after some: the 1-page pairs come
    // first, so they warm it as the other rows warm the service (its first 26-page jobs took 290, 230, 160 ms, then 85).
    ...(await pairedRows(post, one, iterations.one, Math.max(iterations.warm, THREAD_WARM_UP))),
    ...(await pairedRows(post, huge, iterations.many, iterations.warm)),
  ];
  // A thread of the bench's own, warmed the same way: the service's backend is another process.
  const thread = accessibilityThread();
  try {
    const many = Math.max(2, Math.ceil(iterations.many / 2));
    rows.push(...(await jobRows(post, huge, { thread, iterations: iterations.many * 2, warm: THREAD_WARM_UP }, true)));
    rows.push(...(await jobRows(post, longer, { thread, iterations: many, warm: 1 }, false)));
  } finally {
    await thread.close();
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const quick = process.argv.includes("--quick");
  withInvoiceService((post) => pdfuaRows(post, quick ? { one: 4, many: 2, warm: 1 } : { one: 40, many: 30, warm: 2 }));
}
