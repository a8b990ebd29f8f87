// The bindings as the latency model sees them (docs/round-trips.md#latency-model):
// each call a request's work makes through them goes through its trace.
import type { Env } from "../env";
import type { CallKind, LatencyTrace } from "./latency-model";

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

/** The bindings a request's work reaches, each call through the trace (the render backend: render/chromium/traced-backend.ts). */
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
