import { createRoute } from "@hono/zod-openapi";
import { UsageSchema } from "../../contract/accounts";
import { usageFor } from "../../domain/accounts/usage";
import { errorResponses } from "../../errors";
import { API_KEY_SECURITY, endpoint } from "../../lib/endpoint";
import { jsonContent } from "../schemas";

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
