import { and, count, eq, gte, lt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type AccountRow, renders } from "../../db/schema";
import { overageCost } from "../ports/account-meter";
import type { MeterStub } from "./metering";
import { meterLimits, nextPeriodStart } from "./metering";
import { effectiveLimits, RATE_WINDOW_SECONDS, TRIAL_RENDERS } from "./plans";

const cents = (usd: number) => Math.round(usd * 100) / 100;

/** The usage object: the meter's units and money, and the period's renders as recorded in D1. */
export async function usageFor(db: Database, meter: MeterStub, account: AccountRow, now = new Date()) {
  const snapshot = await meter.snapshot();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(`${nextPeriodStart(now)}T00:00:00.000Z`);
  const rows = await db
    .select({ status: renders.status, cached: renders.cached, n: count() })
    .from(renders)
    .where(
      and(
        eq(renders.accountId, account.id),
        gte(renders.createdAt, start.toISOString()),
        lt(renders.createdAt, end.toISOString()),
      ),
    )
    .groupBy(renders.status, renders.cached);
  const tally = (status: string, cached: boolean) =>
    rows.filter((r) => r.status === status && r.cached === cached).reduce((a, r) => a + r.n, 0);
  const limits = meterLimits(account);
  const cost = overageCost(snapshot.used, limits);
  return {
    object: "usage" as const,
    account: account.id,
    plan: account.plan,
    period: { start: start.toISOString(), end: end.toISOString() },
    renders: { succeeded: tally("succeeded", false), failed: tally("failed", false), cached: tally("succeeded", true) },
    units: {
      used: snapshot.used,
      included: limits.includedUnits,
      remaining: Math.max(0, limits.includedUnits - (account.trial ? snapshot.lifetime : snapshot.used)),
    },
    cost_usd: { period_to_date: cents(cost), unit_price: limits.unitPriceUsd ?? 0 },
    spend_cap_usd: limits.spendCapUsd,
    spend_cap_remaining_usd: cents(Math.max(0, limits.spendCapUsd - cost)),
    trial: account.trial
      ? {
          renders_total: TRIAL_RENDERS,
          renders_used: snapshot.lifetime,
          renders_remaining: Math.max(0, limits.includedUnits - snapshot.lifetime),
        }
      : null,
    rate_limit: { renders_per_minute: effectiveLimits(account).rendersPerMinute, window_seconds: RATE_WINDOW_SECONDS },
  };
}
