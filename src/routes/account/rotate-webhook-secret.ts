import { createRoute, z } from "@hono/zod-openapi";
import { IsoTimestamp } from "../../contract/schema-parts";
import { rotateWebhookSecret } from "../../domain/accounts/webhook-secret";
import { errorResponses } from "../../errors";
import { API_KEY_SECURITY, endpoint } from "../../lib/endpoint";
import { jsonContent } from "../schemas";

const RotationSchema = z
  .object({
    object: z.literal("webhook_secret"),
    account: z.string(),
    webhook_secret: z.string(),
    webhook_secret_prefix: z.string(),
    rotated_at: IsoTimestamp,
    note: z.string(),
  })
  .openapi("WebhookSecretRotation");

const route = createRoute({
  method: "post",
  path: "/v1/account/webhook-secret",
  operationId: "rotateWebhookSecret",
  tags: ["Account"],
  summary: "Mint a new webhook signing secret; the previous one stops verifying immediately",
  security: API_KEY_SECURITY,
  responses: {
    200: jsonContent(RotationSchema, "The new secret, shown once."),
    ...errorResponses("authentication_error"),
  },
});

export const rotateWebhookSecretEndpoint = endpoint(route, async (c) => {
  const now = c.var.services.clock.iso();
  const account = await rotateWebhookSecret(c.var.services.db, c.get("account").id, now);
  return c.json({
    object: "webhook_secret" as const,
    account: account.id,
    webhook_secret: account.webhookSecret,
    webhook_secret_prefix: account.webhookSecretPrefix,
    rotated_at: now,
    note:
      "Store this secret now: it is not shown again. Deliveries from now on are signed with it; the previous " +
      "secret no longer verifies.",
  });
});
