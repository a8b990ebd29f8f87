import type { AccountRow } from "../../db/schema";
import type { AccountMeter, MeterLimits } from "../../durable-objects/account-meter";
import { ServiceError } from "../../errors";
import { effectiveLimits } from "./plans";

export type MeterStub = DurableObjectStub<AccountMeter>;

export function meterLimits(account: AccountRow): MeterLimits {
  const limits = effectiveLimits(account);
  return { trial: account.trial, includedUnits: limits.freeRendersPerMonth, unitPriceUsd: limits.unitPriceUsd, spendCapUsd: limits.monthlySpendCapUsd };
}

/** First day of next month, UTC, as YYYY-MM-DD: when a monthly allowance comes back. */
export function nextPeriodStart(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

/** Holds `units` for render `id` before any work starts, or refuses with 402 and the estimate. */
export async function reserveUnits(meter: MeterStub, account: AccountRow, id: string, units: number, now = new Date()): Promise<void> {
  const limits = meterLimits(account);
  const verdict = await meter.reserve(id, units, limits);
  if (verdict.ok) return;
  if (verdict.type === "spend_cap_exceeded") {
    const cap = limits.spendCapUsd;
    throw new ServiceError("spend_cap_exceeded", `This render (an estimated ${units} unit${units === 1 ? "" : "s"}) would take the month's cost past the spend cap of $${cap.toFixed(2)}.`, {
      details: { estimated_units: units, monthly_spend_cap_usd: cap, cost_usd_period_to_date: Math.round(verdict.costUsd * 100) / 100, resets_on: nextPeriodStart(now) },
    });
  }
  const details: Record<string, unknown> = { estimated_units: units, remaining_units: verdict.remainingUnits };
  if (account.trial) details.next_step = "The 50-render trial is used up. Create an account and upgrade to a paid plan to keep rendering.";
  else details.resets_on = nextPeriodStart(now);
  throw new ServiceError(
    "quota_exceeded",
    account.trial
      ? `The trial's renders are used up (${verdict.remainingUnits} left, this render needs ${units}).`
      : `The plan's ${limits.includedUnits} renders this month are used up (${verdict.remainingUnits} left, this render needs ${units}).`,
    { details },
  );
}
