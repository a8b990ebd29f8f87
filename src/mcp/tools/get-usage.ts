import { UsageSchema } from "../../contract/accounts";
import { usageFor } from "../../domain/accounts/usage";
import { READS, tool } from "../tool";

export const getUsageTool = tool({
  name: "get_usage",
  title: "Get usage",
  description:
    "This month's usage, cost and remaining units (a PDF page or an image each), including the trial balance (GET /v1/usage).",
  annotations: READS,
  input: {},
  output: UsageSchema,
  run: (_args, caller, { db, meter }) => usageFor(db, meter(caller.account.id), caller.account),
});
