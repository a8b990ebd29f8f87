import { z } from "../lib/openapi-zod";
import { AccountSchema, PlanNameSchema } from "./accounts";

const limitValue = (max: number) => z.number().min(0).max(max);
const Limits = z.strictObject({
  free_renders_per_month: limitValue(100_000_000).int().optional(),
  monthly_spend_cap_usd: limitValue(10_000_000).optional(),
  renders_per_minute: limitValue(1_000_000).int().min(1).optional(),
});
const ClearableLimits = z.strictObject({
  free_renders_per_month: Limits.shape.free_renders_per_month.unwrap().nullable().optional(),
  monthly_spend_cap_usd: Limits.shape.monthly_spend_cap_usd.unwrap().nullable().optional(),
  renders_per_minute: Limits.shape.renders_per_minute.unwrap().nullable().optional(),
});

export const CreateAccountBody = z.strictObject({
  name: z.string().min(1).max(200),
  email: z.email().optional(),
  plan: PlanNameSchema.optional(),
  trial: z.boolean().optional(),
  limits: Limits.optional(),
});

export const UpdateAccountBody = z.strictObject({
  plan: PlanNameSchema.optional(),
  status: z.enum(["active", "suspended"]).optional(),
  limits: ClearableLimits.optional(),
});

export const VerificationBody = z.strictObject({ email: z.email() });

export const IssuedAccount = z.object({ account: AccountSchema, api_key: z.string(), key_id: z.string() });
