import type { Env } from "../env";
import type { ChromiumDriver } from "../render/chromium/driver";

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

type CallKind = "d1" | "d1-replica" | "r2" | "do" | "queue" | "backend";
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

/** Every method of `target` goes through the trace; `then`, symbols and plain values are left alone. */
function tracedMethods<T extends object>(target: T, trace: LatencyTrace, kind: CallKind, prefix: string): T {
  return new Proxy(target, {
    get(object, prop) {
      const value = Reflect.get(object, prop);
      if (typeof prop !== "string" || prop === "then" || typeof value !== "function") return value;
      return (...args: unknown[]) => trace.call(kind, `${prefix}${prop}`, () => Reflect.apply(value, object, args));
    },
  });
}

/** A Durable Object namespace whose stubs go through the trace; making an id is local and costs nothing. */
function tracedNamespace<C extends Rpc.DurableObjectBranded | undefined>(
  namespace: DurableObjectNamespace<C>,
  trace: LatencyTrace,
  name: string,
): DurableObjectNamespace<C> {
  return new Proxy(namespace, {
    get(object, prop) {
      const value = Reflect.get(object, prop);
      if (prop !== "get" || typeof value !== "function")
        return typeof value === "function" ? value.bind(object) : value;
      return (...args: unknown[]) => tracedMethods(value.apply(object, args), trace, "do", `${name}.`);
    },
  });
}

/**
 * D1: each statement run is one call, a batch is one call; drizzle's prepared statements are followed through bind.
 * A session that may start at any replica ("first-unconstrained") is read near the caller.
 */
function tracedD1<D extends D1Database | D1DatabaseSession>(d1: D, trace: LatencyTrace, kind: CallKind = "d1"): D {
  const real = new WeakMap<object, D1PreparedStatement>();
  const statement = (prepared: D1PreparedStatement): D1PreparedStatement => {
    const wrapped = new Proxy(prepared, {
      get(object, prop) {
        const value = Reflect.get(object, prop);
        if (typeof value !== "function") return value;
        if (prop === "bind") return (...args: unknown[]) => statement(value.apply(object, args));
        if (prop === "first" || prop === "all" || prop === "run" || prop === "raw")
          return (...args: unknown[]) => trace.call(kind, prop, () => value.apply(object, args));
        return value.bind(object);
      },
    });
    real.set(wrapped, prepared);
    return wrapped;
  };
  return new Proxy(d1, {
    get(object, prop) {
      const value = Reflect.get(object, prop);
      if (typeof value !== "function") return value;
      if (prop === "prepare") return (query: string) => statement(object.prepare(query));
      if (prop === "batch")
        return (statements: D1PreparedStatement[]) =>
          trace.call(kind, "batch", () => object.batch(statements.map((s) => real.get(s) ?? s)));
      if (prop === "exec") return (query: string) => trace.call(kind, "exec", () => value.call(object, query));
      if (prop === "withSession")
        return (constraint?: string) =>
          tracedD1(value.call(object, constraint), trace, constraint === "first-unconstrained" ? "d1-replica" : kind);
      return value.bind(object);
    },
  });
}

/** The bindings a request's work reaches, each call through the trace. The render backend is traced as a driver. */
export function tracedEnv(env: Env, trace: LatencyTrace): Env {
  return {
    ...env,
    DB: tracedD1(env.DB, trace),
    FILES: tracedMethods(env.FILES, trace, "r2", ""),
    RENDER_QUEUE: tracedMethods(env.RENDER_QUEUE, trace, "queue", ""),
    METER: tracedNamespace(env.METER, trace, "METER"),
    RATE_LIMITER: tracedNamespace(env.RATE_LIMITER, trace, "RATE_LIMITER"),
    WEBHOOKS: tracedNamespace(env.WEBHOOKS, trace, "WEBHOOKS"),
    RENDER_GATE: tracedNamespace(env.RENDER_GATE, trace, "RENDER_GATE"),
  };
}

/** The Chromium driver with its renders and e-invoice checks through the trace, as the render backend's calls. */
export function tracedDriver(driver: ChromiumDriver, trace: LatencyTrace): ChromiumDriver {
  return {
    name: driver.name,
    health: () => driver.health(),
    stats: () => driver.stats(),
    render: (job) => trace.call("backend", "render", () => driver.render(job)),
    checkEInvoice: (check, seat) => trace.call("backend", "e-invoice", () => driver.checkEInvoice(check, seat)),
  };
}
