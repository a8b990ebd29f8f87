import { DurableObject } from "cloudflare:workers";
import {
  type AccountMeterPort,
  HOLD_EXPIRY_MS,
  type MeterLimits,
  type MeterSnapshot,
  overageCost,
  periodOf,
  type Reservation,
  type Settlement,
} from "../domain/ports/account-meter";

interface Hold {
  units: number;
  /** When the render's last attempt began (epoch ms): a hold this old is released by the alarm. */
  touchedAt: number;
}

interface MeterState {
  period: string;
  /** Units settled in `period`. */
  used: number;
  /** Units settled over the account's life: the trial balance. */
  lifetime: number;
  reservations: Record<string, Hold>;
}

/** How long a settled render is remembered, so a repeated settle (a redelivered queue message) bills nothing. */
const SETTLED_MEMORY_MS = 60 * 60 * 1000;
const SETTLED = "settled:";

/** The most units the account may have counted this period: the allowance, or what the spend cap still pays for. */
function unitBudget(limits: MeterLimits): number {
  if (limits.unitPriceUsd === null) return limits.includedUnits;
  return limits.includedUnits + Math.floor(limits.spendCapUsd / limits.unitPriceUsd + 1e-9);
}

/**
 * The money side of one account: units used this period, the trial balance, and reservations held by
 * renders in flight. Every check happens in one call on a single-threaded object, so concurrent renders
 * never overspend: a reservation is made against the estimate and tells the render how many units it may
 * produce at most; settling checks the units actually produced again, against whatever else was settled
 * meanwhile, before any of them is billed.
 */
export class AccountMeter extends DurableObject implements AccountMeterPort {
  private async load(now: Date): Promise<MeterState> {
    const stored = (await this.ctx.storage.get<MeterState>("meter")) ?? {
      period: periodOf(now),
      used: 0,
      lifetime: 0,
      reservations: {},
    };
    return stored.period === periodOf(now) ? stored : { ...stored, period: periodOf(now), used: 0 };
  }

  /** Stores the state and makes sure an alarm comes by the time the oldest hold or settled mark is due. */
  private async save(state: MeterState, settledAt?: number): Promise<void> {
    await this.ctx.storage.put("meter", state);
    const dues = Object.values(state.reservations).map((hold) => hold.touchedAt + HOLD_EXPIRY_MS);
    if (settledAt !== undefined) dues.push(settledAt + SETTLED_MEMORY_MS);
    if (!dues.length) return;
    const due = Math.min(...dues);
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > due) await this.ctx.storage.setAlarm(due);
  }

  /** Units counted against the budget besides render `id`'s own hold. */
  private countedBesides(state: MeterState, limits: MeterLimits, id: string): number {
    const held = Object.entries(state.reservations).reduce(
      (sum, [other, hold]) => (other === id ? sum : sum + hold.units),
      0,
    );
    return (limits.trial ? state.lifetime : state.used) + held;
  }

  private judge(state: MeterState, limits: MeterLimits, id: string, units: number): Reservation {
    const counted = this.countedBesides(state, limits, id);
    const maxUnits = Math.max(0, unitBudget(limits) - counted);
    if (units <= maxUnits) return { ok: true, maxUnits };
    const remainingUnits = Math.max(0, limits.includedUnits - counted);
    if (limits.unitPriceUsd === null)
      return { ok: false, type: "quota_exceeded", remainingUnits, maxUnits, costUsd: 0 };
    return { ok: false, type: "spend_cap_exceeded", remainingUnits, maxUnits, costUsd: overageCost(counted, limits) };
  }

  async reserve(id: string, units: number, limits: MeterLimits): Promise<Reservation> {
    const state = await this.load(new Date());
    const verdict = this.judge(state, limits, id, units);
    if (!verdict.ok) return verdict;
    state.reservations[id] = { units: state.reservations[id]?.units ?? units, touchedAt: Date.now() };
    await this.save(state);
    return verdict;
  }

  /** Whether `units` would fit for render `id`, changing nothing: a chunked render's projection asks it. */
  async project(id: string, units: number, limits: MeterLimits): Promise<Reservation> {
    return this.judge(await this.load(new Date()), limits, id, units);
  }

  /** A queued render's attempt begins: its hold is renewed and it learns its ceiling; null once the hold expired. */
  async begin(id: string, limits: MeterLimits): Promise<number | null> {
    const state = await this.load(new Date());
    const hold = state.reservations[id];
    if (!hold) return null;
    hold.touchedAt = Date.now();
    await this.save(state);
    return Math.max(hold.units, unitBudget(limits) - this.countedBesides(state, limits, id));
  }

  /**
   * Bills the units actually produced (an under-estimate is corrected here) when they still fit; otherwise
   * the hold is released and nothing is billed. Settling an already settled render bills nothing again.
   */
  async settle(id: string, units: number, limits: MeterLimits): Promise<Settlement> {
    const state = await this.load(new Date());
    if (state.reservations[id] === undefined)
      return (await this.ctx.storage.get<number>(SETTLED + id)) !== undefined
        ? { ok: true }
        : { ok: false, type: "expired" };
    const verdict = this.judge(state, limits, id, units);
    delete state.reservations[id];
    const now = Date.now();
    if (verdict.ok) {
      state.used += units;
      state.lifetime += units;
      await this.ctx.storage.put(SETTLED + id, now);
    }
    await this.save(state, verdict.ok ? now : undefined);
    return verdict.ok ? { ok: true } : verdict;
  }

  /** Gives back settled units whose file could not be kept (storage failed after billing). */
  async refund(id: string, units: number): Promise<void> {
    if ((await this.ctx.storage.get<number>(SETTLED + id)) === undefined) return;
    const state = await this.load(new Date());
    state.used = Math.max(0, state.used - units);
    state.lifetime = Math.max(0, state.lifetime - units);
    await this.ctx.storage.delete(SETTLED + id);
    await this.save(state);
  }

  async release(id: string): Promise<void> {
    const state = await this.load(new Date());
    if (state.reservations[id] === undefined) return;
    delete state.reservations[id];
    await this.save(state);
  }

  /**
   * Lets go of holds whose render has not ended within HOLD_EXPIRY_MS of its last attempt, and forgets old settled
   * marks.
   */
  override async alarm(): Promise<void> {
    const now = Date.now();
    const state = await this.load(new Date(now));
    for (const [id, hold] of Object.entries(state.reservations))
      if (hold.touchedAt <= now - HOLD_EXPIRY_MS) delete state.reservations[id];
    const marks = await this.ctx.storage.list<number>({ prefix: SETTLED });
    const stale = [...marks].filter(([, at]) => at <= now - SETTLED_MEMORY_MS).map(([key]) => key);
    for (let i = 0; i < stale.length; i += 128) await this.ctx.storage.delete(stale.slice(i, i + 128));
    const kept = [...marks].filter(([, at]) => at > now - SETTLED_MEMORY_MS).map(([, at]) => at);
    await this.save(state, kept.length ? Math.min(...kept) : undefined);
  }

  async snapshot(): Promise<MeterSnapshot> {
    const state = await this.load(new Date());
    return {
      period: state.period,
      used: state.used,
      lifetime: state.lifetime,
      reserved: Object.values(state.reservations).reduce((a, b) => a + b.units, 0),
    };
  }
}
