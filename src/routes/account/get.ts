import { createRoute } from "@hono/zod-openapi";
import { AccountSchema } from "../../contract/accounts";
import { serializeAccount } from "../../domain/accounts/serialize-account";
import { revealWebhookSecretOnce } from "../../domain/accounts/webhook-secret";
import { errorResponses } from "../../errors";
import { API_KEY_SECURITY, endpoint } from "../../lib/endpoint";
import { jsonContent } from "../schemas";

const LATER_NOTE =
  "The webhook secret was shown once, at webhook_secret_shown_at. Rotate it with POST " +
  "/v1/account/webhook-secret if it was lost.";

const route = createRoute({
  method: "get",
  path: "/v1/account",
  operationId: "getAccount",
  tags: ["Account"],
  summary: "The account: plan, status, limits, and the webhook secret (returned once)",
  description:
    "Free and safe to call at startup. Every call returns the full account; the first also carries the " +
    "webhook signing secret, later ones `webhook_secret: null`, the secret's prefix and a `note`.",
  security: API_KEY_SECURITY,
  responses: {
    200: jsonContent(AccountSchema, "The account."),
    ...errorResponses("authentication_error"),
  },
});

export const getAccountEndpoint = endpoint(route, async (c) => {
  const account = c.get("account");
  const revealed = await revealWebhookSecretOnce(c.var.services.db, account, c.var.services.clock.iso());
  if (revealed) return c.json(serializeAccount(revealed, revealed.webhookSecret));
  return c.json({ ...serializeAccount(account), note: LATER_NOTE });
});
