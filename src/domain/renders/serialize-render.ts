import type { RenderRow } from "../../db/schema";
import { signFileUrl } from "../../lib/signed-url";

export interface Signer {
  baseUrl: string;
  secret: string;
}

/** The Render object; a succeeded render gets a URL signed now, valid for an hour. */
export async function serializeRender(render: RenderRow, signer: Signer) {
  const signed = render.status === "succeeded" ? await signFileUrl(signer.baseUrl, signer.secret, render.id) : null;
  return {
    object: "render" as const,
    id: render.id,
    status: render.status,
    template: render.templateRef,
    format: render.format,
    engine: render.engine,
    cached: render.cached,
    url: signed?.url ?? null,
    expires_at: signed?.expiresAt ?? null,
    page_count: render.pageCount,
    billable_units: render.billableUnits,
    byte_size: render.byteSize,
    content_type: render.contentType,
    created_at: render.createdAt,
    completed_at: render.completedAt,
    error: render.error ?? null,
    ...(render.compliance ? { compliance: render.compliance } : {}),
    webhook_status: render.webhookStatus,
    webhook_attempts: render.webhookAttempts,
    ...(render.batchId ? { batch_id: render.batchId } : {}),
  };
}
