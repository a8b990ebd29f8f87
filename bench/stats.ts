export interface Sample {
  median: number;
  p95: number;
  n: number;
}

/** One line of the results table: a timed sample, or a value, and what it is beside. */
export interface Row {
  name: string;
  sample?: Sample;
  value?: string;
  ratio?: string;
}

export function summarize(values: number[]): Sample {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))]!;
  return { median: at(0.5), p95: at(0.95), n: sorted.length };
}

/** Times `run` after `warmup` untimed calls; returns milliseconds. */
export async function measure(
  run: (i: number) => Promise<unknown>,
  iterations: number,
  warmup: number,
): Promise<Sample> {
  for (let i = 0; i < warmup; i++) await run(-1 - i);
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  return summarize(times);
}

/** Jobs completed per second with `concurrency` workers sharing `total` jobs; `run` learns which worker runs it. */
export async function throughput(
  run: (i: number, worker: number) => Promise<unknown>,
  concurrency: number,
  total: number,
): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (next < total) await run(next++, worker);
    }),
  );
  return total / ((performance.now() - started) / 1000);
}
