import type { Database } from "../../db/client";
import { renders, type RenderRow } from "../../db/schema";
import { newRenderRow, type RenderOrigin } from "./record-render";
import type { RenderPlan } from "./render-plan";

export interface QueueDeps {
  db: Database;
  files: R2Bucket;
  queue: Queue<RenderMessage>;
  now: () => string;
}

export interface RenderMessage {
  renderId: string;
}

export function payloadKey(renderId: string): string {
  return `payloads/${renderId}.json`;
}

/** What a queued render is rendered from, kept in R2 beside it until it is done. */
export interface RenderPayload {
  data: unknown;
  options: Record<string, unknown>;
  format: RenderRow["format"];
  /** When the request was accepted (ISO 8601): the consumer renders with this instant, never its own clock. */
  receivedAt: string;
}

/**
 * Records a queued render and hands it to the queue. The payload (data, the options the render uses and the
 * request's instant) goes to R2 first, the row second, the message last: a message never points at a render
 * that is not there. Planned again with the template's defaults under it, the payload gives back the same
 * merged options, so the same cache key.
 */
export async function enqueueRender(origin: RenderOrigin, plan: RenderPlan, deps: QueueDeps, renderId: string): Promise<RenderRow> {
  const render = newRenderRow(origin, plan, deps.now(), { id: renderId, status: "queued" });
  const payload: RenderPayload = { data: plan.data, options: plan.options, format: plan.format, receivedAt: plan.receivedAt.toISOString() };
  await deps.files.put(payloadKey(render.id), JSON.stringify(payload));
  await deps.db.insert(renders).values(render);
  await deps.queue.send({ renderId: render.id });
  return render;
}
