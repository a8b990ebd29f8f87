import type { PlanName } from "../../contract/accounts";
import type { AccountRow } from "../../db/schema";
import type { SlotShare } from "../../render/chromium/driver";

interface Plan {
  includedRendersPerMonth: number;
  /** USD per unit past the included units; null means no overage, so the allowance is a hard quota. */
  unitPriceUsd: number | null;
  defaultSpendCapUsd: number;
  rendersPerMinute: number;
}

export const PLANS: Record<PlanName, Plan> = {
  free: { includedRendersPerMonth: 100, unitPriceUsd: null, defaultSpendCapUsd: 0, rendersPerMinute: 60 },
  payg: { includedRendersPerMonth: 100, unitPriceUsd: 0.01, defaultSpendCapUsd: 50, rendersPerMinute: 600 },
  starter: { includedRendersPerMonth: 2_000, unitPriceUsd: 0.008, defaultSpendCapUsd: 100, rendersPerMinute: 600 },
  growth: { includedRendersPerMonth: 10_000, unitPriceUsd: 0.006, defaultSpendCapUsd: 500, rendersPerMinute: 600 },
  scale: { includedRendersPerMonth: 50_000, unitPriceUsd: 0.004, defaultSpendCapUsd: 2_000, rendersPerMinute: 600 },
};

export const TRIAL_RENDERS = 50;
/** What a unit is, wherever an allowance is told in units: the meter counts pages and images, not calls. */
export const UNIT_MEANING = "a PDF page or an image each";
/** The trial's allowance as every text states it. */
export const TRIAL_ALLOWANCE = `${TRIAL_RENDERS} units: ${UNIT_MEANING}`;
export const RATE_WINDOW_SECONDS = 60;

export interface EffectiveLimits {
  freeRendersPerMonth: number;
  monthlySpendCapUsd: number;
  rendersPerMinute: number;
  unitPriceUsd: number | null;
}

/** The plan's numbers with the account's own overrides applied; a trial never pays and gets 50 units in all. */
export function effectiveLimits(account: AccountRow): EffectiveLimits {
  const plan = PLANS[account.plan];
  if (account.trial) {
    return {
      freeRendersPerMonth: account.freeRendersPerMonth ?? TRIAL_RENDERS,
      monthlySpendCapUsd: 0,
      rendersPerMinute: account.rendersPerMinute ?? PLANS.free.rendersPerMinute,
      unitPriceUsd: null,
    };
  }
  return {
    freeRendersPerMonth: account.freeRendersPerMonth ?? plan.includedRendersPerMonth,
    monthlySpendCapUsd: account.monthlySpendCapUsd ?? plan.defaultSpendCapUsd,
    rendersPerMinute: account.rendersPerMinute ?? plan.rendersPerMinute,
    unitPriceUsd: plan.unitPriceUsd,
  };
}

/**
 * Free work holds at most half of a Chromium instance's pages: renders of free-plan and trial accounts (previews
 * always).
 */
export function slotShare(account: AccountRow): SlotShare {
  return onFreeTerms(account) ? "free" : "paid";
}

/** Free-plan and trial accounts: what they do costs Folio and pays nothing, so it has limits of its own. */
export function onFreeTerms(account: AccountRow): boolean {
  return account.trial || account.plan === "free";
}
