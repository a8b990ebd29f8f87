import { eq } from "drizzle-orm";
import { accounts, type RenderRow, renders } from "../../db/schema";
import type { Services } from "../../services";
import { serializeRender } from "../renders/serialize-render";

/** A render with its webhook, and the account's secret to sign it with. */
export interface RenderWebhook {
  render: RenderRow & { webhookUrl: string };
  secret: string;
}

/** The render and its account's current secret, or null when the render is gone or has no webhook_url. */
export async function loadRenderWebhook(services: Services, renderId: string): Promise<RenderWebhook | null> {
  const [row] = await services.db
    .select({ render: renders, secret: accounts.webhookSecret })
    .from(renders)
    .innerJoin(accounts, eq(accounts.id, renders.accountId))
    .where(eq(renders.id, renderId))
    .limit(1);
  const webhookUrl = row?.render.webhookUrl;
  return row && webhookUrl ? { render: { ...row.render, webhookUrl }, secret: row.secret } : null;
}

/**
 * The render's final event as raw JSON: `data` is the render as GET /v1/renders/{id} shows it now (with its webhook
 * fields as given: the schedule's attempt in flight, or what a resend leaves untouched), signed link included.
 */
export async function renderEventBody(services: Services, render: RenderRow): Promise<string> {
  return JSON.stringify({
    type: render.status === "succeeded" ? "render.succeeded" : "render.failed",
    created_at: services.clock.iso(),
    data: await serializeRender(render, services.signer()),
  });
}
