import type { AccountRow, RenderRow } from "../../db/schema";
import { errorEnvelope, ServiceError } from "../../errors";
import { newId } from "../../lib/ids";
import { type CreateRenderDeps, createRender, type RenderRequest } from "./create-render";

export type BatchItem = { index: number; request: RenderRequest } | { index: number; error: ServiceError };
export type BatchEntry =
  | { index: number; render: RenderRow }
  | { index: number; error: ReturnType<typeof errorEnvelope>["error"] };

/**
 * Queues every item of a batch under one `bat_` id, in submission order. An item that fails (bad item,
 * unknown template, invalid data) becomes an error entry; it never fails the batch.
 */
export async function createBatch(
  account: AccountRow,
  apiKeyId: string | null,
  items: BatchItem[],
  deps: CreateRenderDeps,
) {
  const batchId = newId("bat");
  const entries: BatchEntry[] = [];
  for (const item of items) {
    if ("error" in item) {
      entries.push({ index: item.index, error: errorEnvelope(deps.baseUrl, item.error).error });
      continue;
    }
    try {
      const { render } = await createRender(account, apiKeyId, { ...item.request, batchId }, deps);
      entries.push({ index: item.index, render });
    } catch (error) {
      if (!(error instanceof ServiceError) || error.type === "internal_error") throw error;
      entries.push({ index: item.index, error: errorEnvelope(deps.baseUrl, error).error });
    }
  }
  const renders = entries.flatMap((e) => ("render" in e ? [e.render] : []));
  return {
    id: batchId,
    count: items.length,
    queued: renders.filter((r) => r.status === "queued").length,
    cached: renders.filter((r) => r.cached).length,
    entries,
  };
}
