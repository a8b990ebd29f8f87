import { z } from "../lib/openapi-zod";
import { IsoTimestamp } from "./schema-parts";

export const PLAN_NAMES = ["free", "payg", "starter", "growth", "scale"] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export const PlanNameSchema = z.enum(PLAN_NAMES);

export const AccountSchema = z
  .object({
    object: z.literal("account"),
    id: z.string().openapi({ example: "acct_0c1d2e3f4g5h6i7j8k9l0m1n" }),
    name: z.string(),
    email: z.string().nullable().openapi({ description: "Null until the address is verified." }),
    plan: PlanNameSchema,
    status: z.enum(["active", "suspended"]),
    verified: z.boolean(),
    trial: z.boolean(),
    webhook_secret: z
      .string()
      .nullable()
      .openapi({ description: "The signing secret, returned once; null on every later call." }),
    webhook_secret_prefix: z.string(),
    webhook_secret_shown_at: IsoTimestamp.nullable(),
    webhook_signature_header: z.literal("X-Service-Signature"),
    webhook_signature_scheme: z.string(),
    rate_limit: z.object({ renders_per_minute: z.int(), window_seconds: z.int(), scope: z.literal("api_key") }),
    limits: z.object({ free_renders_per_month: z.int(), monthly_spend_cap_usd: z.number() }),
    created_at: IsoTimestamp,
    note: z
      .string()
      .optional()
      .openapi({ description: "Present on calls after the first: where the webhook secret went." }),
  })
  .openapi("Account");

export const UsageSchema = z
  .object({
    object: z.literal("usage"),
    account: z.string(),
    plan: PlanNameSchema,
    period: z.object({ start: IsoTimestamp, end: IsoTimestamp }),
    renders: z.object({ succeeded: z.int(), failed: z.int(), cached: z.int() }),
    units: z.object({ used: z.int(), included: z.int(), remaining: z.int() }),
    cost_usd: z.object({ period_to_date: z.number(), unit_price: z.number() }),
    spend_cap_usd: z.number(),
    spend_cap_remaining_usd: z.number(),
    trial: z
      .object({ renders_total: z.int(), renders_used: z.int(), renders_remaining: z.int() })
      .nullable()
      .openapi({
        description:
          "A trial's allowance in units (a PDF page or an image each; the field names say renders): 50 in all, " +
          "never reset. Null for other accounts.",
      }),
    rate_limit: z.object({ renders_per_minute: z.int(), window_seconds: z.int() }),
  })
  .openapi("Usage");
