// A minute of mixed traffic from several customers at once: 1-page PDFs, cache hits, satori cards and a few
// 26-page invoices, with every answer checked. Latency per kind, throughput, errors, backend memory.
import { percentiles } from "./scaling";

export type Kind = "pdf-1" | "cache-hit" | "card" | "pdf-26";

export interface SustainedDeps {
  customers: Array<(path: string, body: unknown) => Promise<{ status: number }>>;
  request(kind: Kind, i: number): { path: string; body: unknown };
}

/** 1 in 10 requests is a 26-page invoice, 2 are cards, 2 cache hits, the rest 1-page PDFs. */
export function kindOf(i: number): Kind {
  const slot = i % 10;
  return slot === 0 ? "pdf-26" : slot <= 2 ? "card" : slot <= 4 ? "cache-hit" : "pdf-1";
}

export async function sustainedLoad(deps: SustainedDeps, concurrency: number, durationMs: number) {
  const latencies = new Map<Kind, number[]>();
  let errors = 0;
  let done = 0;
  let next = 0;
  const until = performance.now() + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      const post = deps.customers[worker % deps.customers.length]!;
      while (performance.now() < until) {
        const i = next++;
        const kind = kindOf(i);
        const { path, body } = deps.request(kind, i);
        const started = performance.now();
        const answer = await post(path, body).catch(() => ({ status: 0 }));
        if (answer.status !== 200) errors++;
        latencies.set(kind, [...(latencies.get(kind) ?? []), performance.now() - started]);
        done++;
      }
    }),
  );
  return {
    throughput: done / (durationMs / 1000),
    errors,
    done,
    byKind: [...latencies].map(([kind, values]) => ({ kind, ...percentiles(values) })),
  };
}
