// The money rules of an account's meter and what the domain asks of it (src/durable-objects/account-meter.ts holds
// the state: docs/money.md).

export interface MeterLimits {
  trial: boolean;
  includedUnits: number;
  /** USD per unit past the included ones; null means no overage (free plan, trial). */
  unitPriceUsd: number | null;
  spendCapUsd: number;
}

export type MeterRefusal = {
  ok: false;
  type: "quota_exceeded" | "spend_cap_exceeded";
  remainingUnits: number;
  maxUnits: number;
  costUsd: number;
};

/** `maxUnits`: the most this render may produce, on top of everything else the account holds or has used. */
export type Reservation = { ok: true; maxUnits: number } | MeterRefusal;

export type Settlement = { ok: true } | MeterRefusal | { ok: false; type: "expired" };

/** What the meter says of the account: the period's units, the trial balance, and what renders in flight hold. */
export interface MeterSnapshot {
  period: string;
  used: number;
  lifetime: number;
  reserved: number;
}

/**
 * A reservation whose render has not ended this long after its last attempt began is let go
 * (docs/money.md#nothing-held-forever).
 */
export const HOLD_EXPIRY_MS = 15 * 60 * 1000;

export function periodOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

export function overageCost(units: number, limits: MeterLimits): number {
  return limits.unitPriceUsd === null ? 0 : Math.max(0, units - limits.includedUnits) * limits.unitPriceUsd;
}

export interface AccountMeterPort {
  reserve(id: string, units: number, limits: MeterLimits): Promise<Reservation>;
  project(id: string, units: number, limits: MeterLimits): Promise<Reservation>;
  begin(id: string, limits: MeterLimits): Promise<number | null>;
  settle(id: string, units: number, limits: MeterLimits): Promise<Settlement>;
  refund(id: string, units: number): Promise<void>;
  release(id: string): Promise<void>;
  snapshot(): Promise<MeterSnapshot>;
}
