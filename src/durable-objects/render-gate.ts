import { DurableObject } from "cloudflare:workers";
import type { FailureLogPort, RenderGatePort, SlotRequest } from "../domain/ports/render-gate";

/**
 * What the object keeps across restarts: who holds a Chromium slot, and which cache keys are being rendered, each until
 * when.
 */
interface GateState {
  slots: Record<string, number>;
  leading: Record<string, number>;
}

interface SlotWaiter {
  ticket: string;
  leaseMs: number;
  limit: number;
  grant(granted: boolean): void;
}

/**
 * One per account, in front of everything its renders share with other accounts. Chromium slots: an account
 * holds at most `limit` browser pages at once, across every Worker, backend instance and driver, so a flood
 * of slow renders from one account waits here instead of filling the render capacity everyone uses.
 * In-flight renders by cache key: identical requests arriving together make one render; the others wait for
 * it and are answered from the cache. Holds are leases, so a caller that dies never blocks the account.
 * The time-stamp authority's calls take the same slots from objects of their own (the deployment's, an account's),
 * and the deployment's also keeps their breaker's failures (docs/limits.md#time-stamps).
 */
export class RenderGate extends DurableObject implements RenderGatePort, FailureLogPort {
  private state: GateState | null = null;
  /** When the recent failures happened (ms), oldest first; loaded on first use. */
  private failures: number[] | null = null;
  private waiters: SlotWaiter[] = [];
  private followers = new Map<string, Array<() => void>>();
  /** When the alarm set by this instance goes off; null when none is known (a fresh instance sets its own). */
  private alarmAt: number | null = null;

  private async load(): Promise<GateState> {
    this.state ??= (await this.ctx.storage.get<GateState>("gate")) ?? { slots: {}, leading: {} };
    const now = Date.now();
    for (const table of [this.state.slots, this.state.leading])
      for (const [key, until] of Object.entries(table)) if (until <= now) delete table[key];
    return this.state;
  }

  private async save(state: GateState): Promise<void> {
    await this.ctx.storage.put("gate", state);
    const dues = [...Object.values(state.slots), ...Object.values(state.leading)];
    if (!dues.length) return;
    const due = Math.min(...dues);
    // An alarm already set for sooner stays: it finds nothing run out yet and sets the next one. Most
    // renders end long before their lease, so this spares a write on almost every call.
    if (this.alarmAt !== null && this.alarmAt <= due) return;
    this.alarmAt = due;
    await this.ctx.storage.setAlarm(due);
  }

  /** Waits (at most `maxWaitMs`) for one of the account's `limit` slots; true once `ticket` holds it for `leaseMs`. */
  async acquire(ticket: string, limit: number, leaseMs: number, maxWaitMs: number): Promise<boolean> {
    const state = await this.load();
    if (state.slots[ticket] !== undefined || Object.keys(state.slots).length < limit) {
      state.slots[ticket] = Date.now() + leaseMs;
      await this.save(state);
      return true;
    }
    return new Promise<boolean>((resolve) => {
      const waiter: SlotWaiter = { ticket, leaseMs, limit, grant: resolve };
      this.waiters.push(waiter);
      setTimeout(() => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) {
          this.waiters.splice(index, 1);
          resolve(false);
        }
      }, maxWaitMs);
    });
  }

  async release(ticket: string): Promise<void> {
    const state = await this.load();
    delete state.slots[ticket];
    await this.grantWaiting(state);
  }

  /** Hands free slots to waiters in arrival order. */
  private async grantWaiting(state: GateState): Promise<void> {
    const granted: SlotWaiter[] = [];
    for (;;) {
      const next = this.waiters[0];
      if (!next || Object.keys(state.slots).length >= next.limit) break;
      this.waiters.shift();
      state.slots[next.ticket] = Date.now() + next.leaseMs;
      granted.push(next);
    }
    await this.save(state);
    for (const waiter of granted) waiter.grant(true);
  }

  /**
   * Before a render, in one call: "lead" when no identical render is in flight, holding one of the account's
   * slots too when `slot` asks for it (waiting for it as `acquire` does); "busy" when that wait ran out (the
   * lead is let go again). Otherwise waits for the render in flight to finish (at most `maxWaitMs`) and
   * answers "settled": the caller looks in the cache. A leader calls `leave` when its answer is recorded.
   */
  async enter(
    cacheKey: string,
    leaseMs: number,
    maxWaitMs: number,
    slot?: SlotRequest,
  ): Promise<"lead" | "settled" | "busy"> {
    const state = await this.load();
    const leadUntil = state.leading[cacheKey];
    if (leadUntil === undefined) {
      state.leading[cacheKey] = Date.now() + leaseMs;
      if (!slot) {
        await this.save(state);
        return "lead";
      }
      if (await this.acquire(slot.ticket, slot.limit, slot.leaseMs, slot.maxWaitMs)) return "lead";
      await this.leave(cacheKey);
      return "busy";
    }
    await new Promise<void>((resolve) => {
      const list = this.followers.get(cacheKey) ?? [];
      list.push(resolve);
      this.followers.set(cacheKey, list);
      setTimeout(resolve, Math.min(maxWaitMs, Math.max(0, leadUntil - Date.now())));
    });
    return "settled";
  }

  /** The leader is done: its followers look in the cache, and its slot (when it held one) goes to a waiter. */
  async leave(cacheKey: string, ticket?: string): Promise<void> {
    const state = await this.load();
    delete state.leading[cacheKey];
    if (ticket !== undefined) delete state.slots[ticket];
    await this.grantWaiting(state);
    for (const wake of this.followers.get(cacheKey) ?? []) wake();
    this.followers.delete(cacheKey);
  }

  /** A lease ran out: its slot goes to a waiter, and followers of a vanished leader look for themselves. */
  override async alarm(): Promise<void> {
    this.alarmAt = null;
    const state = await this.load();
    for (const [key, wakes] of this.followers) {
      if (state.leading[key] !== undefined) continue;
      for (const wake of wakes) wake();
      this.followers.delete(key);
    }
    await this.grantWaiting(state);
  }

  /** Notes a failure now; failures older than `windowMs` are forgotten. */
  async noteFailure(windowMs: number): Promise<void> {
    const recent = await this.recentFailures(windowMs);
    recent.push(Date.now());
    await this.ctx.storage.put("failures", recent);
  }

  /** How many failures were noted within the last `windowMs`. */
  async failuresWithin(windowMs: number): Promise<number> {
    return (await this.recentFailures(windowMs)).length;
  }

  private async recentFailures(windowMs: number): Promise<number[]> {
    this.failures ??= (await this.ctx.storage.get<number[]>("failures")) ?? [];
    const since = Date.now() - windowMs;
    this.failures = this.failures.filter((at) => at > since);
    return this.failures;
  }
}
