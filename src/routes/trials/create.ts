import { createRoute, z } from "@hono/zod-openapi";
import { AccountSchema } from "../../contract/accounts";
import { TRIAL_ALLOWANCE, TRIAL_RENDERS } from "../../domain/accounts/plans";
import { serializeAccount } from "../../domain/accounts/serialize-account";
import {
  startTrial,
  TRIAL_STARTS_PER_HOUR,
  TRIAL_STARTS_PER_HOUR_PER_NETWORK,
} from "../../domain/accounts/start-trial";
import { errorResponses } from "../../errors";
import { clientAddress } from "../../lib/client-address";
import { endpoint } from "../../lib/endpoint";
import { jsonContent } from "../schemas";

const TrialSchema = z
  .object({
    object: z.literal("trial"),
    api_key: z
      .string()
      .openapi({ description: "An ordinary API key of the new trial account; shown once.", example: "folio_sk_..." }),
    account: AccountSchema,
  })
  .openapi("Trial");

const route = createRoute({
  method: "post",
  path: "/v1/trials",
  operationId: "startTrial",
  tags: ["Account"],
  summary: `Start a free ${TRIAL_RENDERS}-unit trial (no API key needed)`,
  description:
    `Creates a trial account and answers its API key, on the same terms as the agent server's first ` +
    `call: ${TRIAL_ALLOWANCE}, in all, at most ${TRIAL_STARTS_PER_HOUR} trials an hour per client address ` +
    `(an IPv6 client counts per /64), ${TRIAL_STARTS_PER_HOUR_PER_NETWORK} an hour per IPv6 /48, and at most ` +
    `\`TRIAL_STARTS_PER_HOUR_TOTAL\` (200) an hour for the whole ` +
    `service.`,
  security: [],
  responses: { 201: jsonContent(TrialSchema, "The trial account and its key."), ...errorResponses("rate_limited") },
});

export const startTrialEndpoint = endpoint(route, async (c) => {
  const { db, clock, trialLimiters } = c.var.services;
  const limiters = trialLimiters(clientAddress((name) => c.req.header(name)));
  const { account, apiKey } = await startTrial(db, limiters, clock.iso());
  return c.json({ object: "trial" as const, api_key: apiKey, account: serializeAccount(account) }, 201);
});
