/**
 * The latency model (docs/round-trips.md#latency-model): a development service started with `LATENCY_MODEL=on`
 * delays, for a request that asks with `x-latency-model`, every call the Worker makes to D1, R2, a Durable Object,
 * the queue and the render backend, and answers with the round trips on the request's critical path. Production
 * ignores the switch (src/lib/config.ts).
 */
export const LATENCY_MODEL_HEADER = "x-latency-model";
export const ROUND_TRIPS_HEADER = "x-round-trips";
export const LATENCY_TRACE_HEADER = "x-latency-trace";

/**
 * `edge`: the Worker runs in the caller's colo and every call to the data crosses R ms. `placement`: the Worker
 * runs next to its data (Smart Placement, everything hinted to one region): the caller crosses R ms once, every
 * call inside the region costs LOCAL_MS.
 */
export type Topology = "edge" | "placement";
export interface LatencyModel {
  topology: Topology;
  ms: number;
}

/** A call between a Worker and a binding in the same region: placement's every call, a nearby D1 replica's read. */
const LOCAL_MS = 2;

export type CallKind = "d1" | "d1-replica" | "r2" | "do" | "queue" | "backend";
interface Call {
  kind: CallKind;
  name: string;
  start: number;
  end?: number;
  far: boolean;
}

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/** `edge=80` or `placement=80` (milliseconds); anything else asks for no model. */
export function parseLatencyModel(header: string | undefined): LatencyModel | null {
  const match = /^(edge|placement)=(\d{1,4})$/.exec(header?.trim() ?? "");
  return match ? { topology: match[1] as Topology, ms: Number(match[2]) } : null;
}

/** The longest chain of calls each starting after the one before it ended: calls that overlap count once. */
function sequential(calls: Required<Call>[]): number {
  let count = 0;
  let free = Number.NEGATIVE_INFINITY;
  for (const call of [...calls].sort((a, b) => a.end - b.end))
    if (call.start >= free) {
      count += 1;
      free = call.end;
    }
  return count;
}

/** One request's calls to its bindings, each delayed by the model: half on the way there, half on the way back. */
export class LatencyTrace {
  private readonly calls: Call[] = [];
  private readonly began = Date.now();

  constructor(readonly model: LatencyModel) {}

  /**
   * Whether a call of this kind crosses the distance R: at the edge every call to the data does, except a read a D1
   * replica in the caller's region answers; with placement none does (the caller's own trip does, once).
   */
  private far(kind: CallKind): boolean {
    return this.model.topology === "edge" && kind !== "d1-replica";
  }

  /**
   * Handles the request as the caller sees it: under placement its trip to the Worker takes R (half each way), and the
   * answer carries the counts.
   */
  async request(handle: () => Promise<Headers>): Promise<void> {
    const hopMs = this.model.topology === "placement" ? this.model.ms : 0;
    await sleep(hopMs / 2);
    this.annotate(await handle());
    await sleep(hopMs / 2);
  }

  async call<T>(kind: CallKind, name: string, work: () => Promise<T>): Promise<T> {
    const entry: Call = { kind, name, start: Date.now(), far: this.far(kind) };
    const ms = entry.far ? this.model.ms : LOCAL_MS;
    this.calls.push(entry);
    try {
      await sleep(ms / 2);
      return await work();
    } finally {
      await sleep(ms / 2);
      entry.end = Date.now();
    }
  }

  /**
   * Counted from the calls finished so far (work left to the background after the answer is not on the critical
   * path): `far`, the sequential round trips that cross R besides the render backend's (placement's one trip of the
   * caller included); `backend`, the render backend's; `calls`, every sequential call to a binding, near or far.
   */
  roundTrips(): { far: number; backend: number; calls: number } {
    const done = this.calls.filter((c): c is Required<Call> => c.end !== undefined);
    const hop = this.model.topology === "placement" ? 1 : 0;
    return {
      far: hop + sequential(done.filter((c) => c.far && c.kind !== "backend")),
      backend: sequential(done.filter((c) => c.kind === "backend")),
      calls: sequential(done.filter((c) => c.kind !== "backend")),
    };
  }

  /** The answer's headers: the counts, and each call finished before it (start and duration, ms from the request). */
  private annotate(headers: Headers): void {
    const { far, backend, calls } = this.roundTrips();
    headers.set(ROUND_TRIPS_HEADER, `${far}; backend=${backend}; calls=${calls}`);
    const finished = this.calls.filter((c) => c.end !== undefined);
    const line = finished.map((c) => `${c.kind}:${c.name}@${c.start - this.began}+${(c.end ?? c.start) - c.start}`);
    headers.set(LATENCY_TRACE_HEADER, line.join(", "));
  }
}
