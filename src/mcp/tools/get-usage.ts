import { usageFor } from "../../domain/accounts/usage";
import { meterFor } from "../../lib/render-deps";
import { UsageSchema } from "../../routes/account/schemas";
import { READS, tool } from "../tool";

export const getUsageTool = tool({
  name: "get_usage",
  title: "Get usage",
  description: "This month's usage, cost and remaining renders, including the trial balance (GET /v1/usage).",
  annotations: READS,
  input: {},
  output: UsageSchema,
  run: (_args, caller, { db, env }) => usageFor(db, meterFor(env, caller.account.id), caller.account),
});
