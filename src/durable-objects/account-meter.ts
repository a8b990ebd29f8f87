import { DurableObject } from "cloudflare:workers";

export interface MeterLimits {
  trial: boolean;
  includedUnits: number;
  /** USD per unit past the included ones; null means no overage (free plan, trial). */
  unitPriceUsd: number | null;
  spendCapUsd: number;
}

export type Reservation =
  | { ok: true }
  | { ok: false; type: "quota_exceeded" | "spend_cap_exceeded"; remainingUnits: number; costUsd: number };

interface MeterState {
  period: string;
  /** Units settled in `period`. */
  used: number;
  /** Units settled over the account's life: the trial balance. */
  lifetime: number;
  reservations: Record<string, number>;
}

export function periodOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

export function overageCost(units: number, limits: MeterLimits): number {
  return limits.unitPriceUsd === null ? 0 : Math.max(0, units - limits.includedUnits) * limits.unitPriceUsd;
}

/**
 * The money side of one account: units used this period, the trial balance, and reservations held by
 * renders in flight. Check and reserve happen in one call on a single-threaded object, so concurrent
 * renders never overspend; a reservation is settled to the units actually produced, or released.
 */
export class AccountMeter extends DurableObject {
  private async load(now: Date): Promise<MeterState> {
    const stored = (await this.ctx.storage.get<MeterState>("meter")) ?? { period: periodOf(now), used: 0, lifetime: 0, reservations: {} };
    return stored.period === periodOf(now) ? stored : { ...stored, period: periodOf(now), used: 0 };
  }

  async reserve(id: string, units: number, limits: MeterLimits): Promise<Reservation> {
    const state = await this.load(new Date());
    if (state.reservations[id] !== undefined) return { ok: true };
    const held = Object.values(state.reservations).reduce((a, b) => a + b, 0);
    const counted = (limits.trial ? state.lifetime : state.used) + held;
    if (limits.unitPriceUsd === null && counted + units > limits.includedUnits) {
      return { ok: false, type: "quota_exceeded", remainingUnits: Math.max(0, limits.includedUnits - counted), costUsd: 0 };
    }
    const cost = overageCost(counted + units, limits);
    if (cost > limits.spendCapUsd + 1e-9) {
      return { ok: false, type: "spend_cap_exceeded", remainingUnits: Math.max(0, limits.includedUnits - counted), costUsd: overageCost(counted, limits) };
    }
    state.reservations[id] = units;
    await this.ctx.storage.put("meter", state);
    return { ok: true };
  }

  /** Bills the units actually produced (an under-estimate is corrected here). Settling twice bills once. */
  async settle(id: string, units: number): Promise<void> {
    const state = await this.load(new Date());
    if (state.reservations[id] === undefined) return;
    delete state.reservations[id];
    state.used += units;
    state.lifetime += units;
    await this.ctx.storage.put("meter", state);
  }

  async release(id: string): Promise<void> {
    const state = await this.load(new Date());
    if (state.reservations[id] === undefined) return;
    delete state.reservations[id];
    await this.ctx.storage.put("meter", state);
  }

  async snapshot(): Promise<{ period: string; used: number; lifetime: number; reserved: number }> {
    const state = await this.load(new Date());
    return { period: state.period, used: state.used, lifetime: state.lifetime, reserved: Object.values(state.reservations).reduce((a, b) => a + b, 0) };
  }
}
