import { z } from "@hono/zod-openapi";
import { WebhookDeliveryListSchema } from "../../contract/webhook-deliveries";
import { getRender } from "../../domain/renders/list-renders";
import { listDeliveries, serializeDelivery } from "../../domain/webhooks/delivery-log";
import { READS, tool } from "../tool";

export const listDeliveriesTool = tool({
  name: "list_deliveries",
  title: "List a render's webhook deliveries",
  description:
    "List a render's webhook deliveries, newest first (GET /v1/renders/{id}/deliveries): each attempt's receiver " +
    "status code, error kind (timeout, connection_refused, dns, tls, blocked, redirect), duration and when the " +
    "next attempt is due. Free.",
  annotations: READS,
  input: { id: z.string().describe("The render's id (rnd_…), as render or list_renders answered it.") },
  output: WebhookDeliveryListSchema,
  run: async ({ id }, caller, deps) => {
    await getRender(deps, caller.account.id, id);
    const rows = await listDeliveries(deps.db, id);
    return { object: "list" as const, data: rows.map(serializeDelivery) };
  },
});
