import { z } from "@hono/zod-openapi";
import { tool } from "../tool";

/** The one answer with no REST twin: the key the tools act with, for the REST API too. */
export const ApiKeySchema = z.object({
  object: z.literal("api_key"),
  api_key: z.string(),
  account: z.string(),
  trial: z.boolean(),
  base_url: z.string(),
});

export const getApiKeyTool = tool({
  name: "get_api_key",
  title: "Get the API key",
  description:
    "Return the API key these tools act with (creating a free trial when there is none yet), for use against " +
    "the REST API too.",
  // Called without a key, it creates a trial account: each such call another one.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: {},
  output: ApiKeySchema,
  run: async (_args, caller, { baseUrl }) => ({
    object: "api_key" as const,
    api_key: caller.apiKey,
    account: caller.account.id,
    trial: caller.account.trial,
    base_url: baseUrl,
  }),
});
