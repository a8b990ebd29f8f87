import type { AccountRow } from "../../db/schema";
import { effectiveLimits, RATE_WINDOW_SECONDS } from "./plans";

export const WEBHOOK_SIGNATURE_HEADER = "X-Service-Signature" as const;
export const WEBHOOK_SIGNATURE_SCHEME =
  "sha256=<hex>: HMAC-SHA256 of the raw request body keyed with the account webhook secret; compare in " +
  "constant time before parsing.";

/** The full Account object. The secret itself appears only when `revealedSecret` is passed, which happens once. */
export function serializeAccount(account: AccountRow, revealedSecret: string | null = null) {
  const limits = effectiveLimits(account);
  return {
    object: "account" as const,
    id: account.id,
    name: account.name,
    email: account.email,
    plan: account.plan,
    status: account.status,
    verified: account.email !== null,
    trial: account.trial,
    webhook_secret: revealedSecret,
    webhook_secret_prefix: account.webhookSecretPrefix,
    webhook_secret_shown_at: account.webhookSecretShownAt,
    webhook_signature_header: WEBHOOK_SIGNATURE_HEADER,
    webhook_signature_scheme: WEBHOOK_SIGNATURE_SCHEME,
    rate_limit: {
      renders_per_minute: limits.rendersPerMinute,
      window_seconds: RATE_WINDOW_SECONDS,
      scope: "api_key" as const,
    },
    limits: { free_renders_per_month: limits.freeRendersPerMonth, monthly_spend_cap_usd: limits.monthlySpendCapUsd },
    created_at: account.createdAt,
  };
}
