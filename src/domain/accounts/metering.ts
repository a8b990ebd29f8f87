import type { AccountRow } from "../../db/schema";
import { ServiceError } from "../../errors";
import type { AccountMeterPort, MeterLimits, MeterRefusal } from "../ports/account-meter";
import { effectiveLimits, UNIT_MEANING } from "./plans";

export type MeterStub = AccountMeterPort;

export function meterLimits(account: AccountRow): MeterLimits {
  const limits = effectiveLimits(account);
  return {
    trial: account.trial,
    includedUnits: limits.freeRendersPerMonth,
    unitPriceUsd: limits.unitPriceUsd,
    spendCapUsd: limits.monthlySpendCapUsd,
  };
}

/** First day of next month, UTC, as YYYY-MM-DD: when a monthly allowance comes back. */
export function nextPeriodStart(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

const plural = (n: number) => `${n} unit${n === 1 ? "" : "s"}`;

/** Why a render does not fit: its estimate, the pages it has at least, or what its first chunks project. */
type Shortfall = { estimated: true } | { stopped: true } | { printedChunks: number };

function needsPhrase(shortfall: Shortfall, units: number, maxUnits: number): string {
  if ("stopped" in shortfall)
    return `the document has more than ${plural(maxUnits)} of pages and was stopped there; nothing was stored or billed`;
  if ("printedChunks" in shortfall) {
    const chunks =
      shortfall.printedChunks === 1
        ? "its first chunk projects"
        : `its first ${shortfall.printedChunks} chunks project`;
    return (
      `${chunks} an estimated ${plural(units)} for the whole document, so it was stopped there; nothing ` +
      "was stored or billed"
    );
  }
  return `this render needs an estimated ${plural(units)}`;
}

/**
 * The 402 for a render that does not fit. `units` is the estimate before a render, what a chunked render's first
 * chunks project, or, when the document itself turned out too long, the pages it has at least (`stopped`): its print
 * stops one page past the ceiling.
 */
function refusal(
  account: AccountRow,
  limits: MeterLimits,
  verdict: MeterRefusal,
  units: number,
  shortfall: Shortfall,
  now: Date,
): ServiceError {
  const needs = needsPhrase(shortfall, units, verdict.maxUnits);
  const base = {
    estimated_units: units,
    max_units: verdict.maxUnits,
    ...("printedChunks" in shortfall ? { printed_chunks: shortfall.printedChunks } : {}),
  };
  if (verdict.type === "spend_cap_exceeded") {
    const cap = limits.spendCapUsd;
    return new ServiceError(
      "spend_cap_exceeded",
      `This render would take the month's cost past the spend cap of $${cap.toFixed(2)}: ${needs}, and the ` +
        `cap pays for ${plural(verdict.maxUnits)} more.`,
      {
        details: {
          ...base,
          monthly_spend_cap_usd: cap,
          cost_usd_period_to_date: Math.round(verdict.costUsd * 100) / 100,
          resets_on: nextPeriodStart(now),
        },
      },
    );
  }
  const details: Record<string, unknown> = { ...base, remaining_units: verdict.remainingUnits };
  if (account.trial)
    details.next_step =
      `The trial holds ${plural(limits.includedUnits)} in all (${UNIT_MEANING}), never reset. Create an account ` +
      `and upgrade to a paid plan to keep rendering.`;
  else details.resets_on = nextPeriodStart(now);
  const allowance = account.trial
    ? `the trial's ${plural(limits.includedUnits)} (${UNIT_MEANING})`
    : `the plan's ${plural(limits.includedUnits)} this month (${UNIT_MEANING})`;
  // "Used up" only when nothing is left; otherwise what is left and what the render needs, never both at once.
  const message =
    verdict.maxUnits === 0
      ? `${allowance[0]?.toUpperCase()}${allowance.slice(1)} are used up: ${needs}.`
      : `This render does not fit in what is left of ${allowance}: ${plural(verdict.maxUnits)} left, and ${needs}.`;
  return new ServiceError("quota_exceeded", message, { details });
}

/**
 * Holds `units` (the estimate) for render `id` before any work starts, or refuses with 402 and the estimate.
 * Answers the render's page ceiling: the most units the account can still pay for.
 */
export async function reserveUnits(
  meter: MeterStub,
  account: AccountRow,
  id: string,
  units: number,
  now = new Date(),
): Promise<number> {
  const limits = meterLimits(account);
  const verdict = await meter.reserve(id, units, limits);
  if (!verdict.ok) throw refusal(account, limits, verdict, units, { estimated: true }, now);
  return verdict.maxUnits;
}

/**
 * A chunked render's first `printedChunks` chunks project `units` for the whole (docs/money.md#page-ceiling): refused
 * like an estimate, before the next chunk prints, when the account cannot pay for them. Nothing is held or billed.
 */
export async function checkProjectedUnits(
  meter: MeterStub,
  account: AccountRow,
  projection: { id: string; units: number; printedChunks: number },
  now = new Date(),
): Promise<void> {
  const { id, units, printedChunks } = projection;
  const limits = meterLimits(account);
  const verdict = await meter.project(id, units, limits);
  if (!verdict.ok) throw refusal(account, limits, verdict, units, { printedChunks }, now);
}

/** A queued render's attempt begins: its hold is renewed; the ceiling, or null when the hold has expired. */
export function beginAttempt(meter: MeterStub, account: AccountRow, id: string): Promise<number | null> {
  return meter.begin(id, meterLimits(account));
}

export const holdExpired = () =>
  new ServiceError(
    "render_failed",
    "The render did not finish within 15 minutes of its last attempt; its reserved units were released. Send it again.",
    {
      details: { stage: "queue", reason: "expired", retryable: true },
    },
  );

/** Bills the units produced, or refuses (nothing billed) when they pass what the account can pay for. */
export async function settleUnits(
  meter: MeterStub,
  account: AccountRow,
  id: string,
  units: number,
  ceiling: number,
  now = new Date(),
): Promise<void> {
  const limits = meterLimits(account);
  const verdict = await meter.settle(id, units, limits);
  if (verdict.ok) return;
  if (verdict.type === "expired") throw holdExpired();
  const stopped = units > ceiling;
  throw refusal(
    account,
    limits,
    verdict,
    stopped ? verdict.maxUnits + 1 : units,
    stopped ? { stopped } : { estimated: true },
    now,
  );
}
