import { createRoute, z } from "@hono/zod-openapi";
import { usageFor } from "../../domain/accounts/usage";
import { errorResponses } from "../../errors";
import { API_KEY_SECURITY, endpoint } from "../../lib/endpoint";
import { IsoTimestamp, jsonContent } from "../schemas";
import { PlanName } from "./schemas";

const UsageSchema = z
  .object({
    object: z.literal("usage"),
    account: z.string(),
    plan: PlanName,
    period: z.object({ start: IsoTimestamp, end: IsoTimestamp }),
    renders: z.object({ succeeded: z.int(), failed: z.int(), cached: z.int() }),
    units: z.object({ used: z.int(), included: z.int(), remaining: z.int() }),
    cost_usd: z.object({ period_to_date: z.number(), unit_price: z.number() }),
    spend_cap_usd: z.number(),
    spend_cap_remaining_usd: z.number(),
    trial: z.object({ renders_total: z.int(), renders_used: z.int(), renders_remaining: z.int() }).nullable(),
    rate_limit: z.object({ renders_per_minute: z.int(), window_seconds: z.int() }),
  })
  .openapi("Usage");

const route = createRoute({
  method: "get",
  path: "/v1/usage",
  operationId: "getUsage",
  tags: ["Account"],
  summary: "This month's usage, cost, free-tier balance, spend cap and trial balance",
  security: API_KEY_SECURITY,
  responses: {
    200: jsonContent(UsageSchema, "Usage for the current calendar month (UTC)."),
    ...errorResponses("authentication_error"),
  },
});

export const usageEndpoint = endpoint(route, async (c) => {
  const account = c.get("account");
  return c.json(await usageFor(c.var.services.db, c.var.services.meter(account.id), account));
});
