import type { RenderRow } from "../../db/schema";
import { errorObject, ServiceError } from "../../errors";
import { newId } from "../../lib/ids";
import { admitRenders } from "../accounts/admission";
import { type Caller, type CreateRenderDeps, type RenderRequest, startRender } from "./create-render";

export type BatchItem = { index: number; request: RenderRequest } | { index: number; error: ServiceError };
export type BatchEntry =
  | { index: number; render: RenderRow }
  | { index: number; error: ReturnType<typeof errorObject> };

/**
 * Admits the whole batch (one unit of the key's rate window per item, all or none), then queues every item
 * under one `bat_` id, in submission order. An item that fails (bad item, unknown template, invalid data)
 * becomes an error entry; it never fails the batch.
 */
export async function createBatch({ account, apiKeyId }: Caller, items: BatchItem[], deps: CreateRenderDeps) {
  const admitted = admitRenders(account, deps.limiter(apiKeyId), items.length);
  const rate = await admitted;
  const batchId = newId("bat");
  const entries: BatchEntry[] = [];
  for (const item of items) {
    if ("error" in item) {
      entries.push({ index: item.index, error: errorObject(deps.baseUrl, item.error) });
      continue;
    }
    try {
      const { render } = await startRender(account, apiKeyId, { ...item.request, batchId }, deps, admitted);
      entries.push({ index: item.index, render });
    } catch (error) {
      if (!(error instanceof ServiceError) || error.type === "internal_error") throw error;
      entries.push({ index: item.index, error: errorObject(deps.baseUrl, error) });
    }
  }
  const renders = entries.flatMap((e) => ("render" in e ? [e.render] : []));
  return {
    id: batchId,
    count: items.length,
    queued: renders.filter((r) => r.status === "queued").length,
    cached: renders.filter((r) => r.cached).length,
    entries,
    rate,
  };
}
