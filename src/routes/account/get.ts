import { createRoute, z } from "@hono/zod-openapi";
import { database } from "../../db/client";
import { serializeAccount } from "../../domain/accounts/serialize-account";
import { revealWebhookSecretOnce } from "../../domain/accounts/webhook-secret";
import { errorResponses } from "../../errors";
import { API_KEY_SECURITY, endpoint, nowIso } from "../../lib/endpoint";
import { IsoTimestamp, jsonContent } from "../schemas";
import { AccountSchema } from "./schemas";

const LaterAccountSchema = z
  .object({
    object: z.literal("account"),
    id: z.string(),
    webhook_secret: z.null(),
    webhook_secret_prefix: z.string(),
    webhook_secret_shown_at: IsoTimestamp,
    note: z.string(),
  })
  .openapi("AccountAfterFirstCall");

const LATER_NOTE = "The webhook secret was shown once, at webhook_secret_shown_at. Rotate it with POST /v1/account/webhook-secret if it was lost.";

const route = createRoute({
  method: "get",
  path: "/v1/account",
  operationId: "getAccount",
  tags: ["Account"],
  summary: "The account: plan, limits, and the webhook secret (returned once)",
  description: "Free and safe to call at startup. The first call returns the full account with the webhook signing secret; later calls return a reduced object with the secret's prefix and a note.",
  security: API_KEY_SECURITY,
  responses: {
    200: jsonContent(z.union([AccountSchema, LaterAccountSchema]), "The account."),
    ...errorResponses("authentication_error"),
  },
});

export const getAccountEndpoint = endpoint(route, async (c) => {
  const account = c.get("account");
  const revealed = await revealWebhookSecretOnce(database(c.env.DB), account, nowIso());
  if (revealed) return c.json(serializeAccount(revealed, revealed.webhookSecret));
  return c.json({
    object: "account" as const,
    id: account.id,
    webhook_secret: null,
    webhook_secret_prefix: account.webhookSecretPrefix,
    webhook_secret_shown_at: account.webhookSecretShownAt!,
    note: LATER_NOTE,
  });
});
