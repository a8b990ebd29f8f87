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

/**
 * Records a queued render and hands it to the queue. The payload (data and the options the render uses)
 * goes to R2 first, the row second, the message last: a message never points at a render that is not there.
 * Planned again with the template's defaults under it, the payload gives back the same merged options, so
 * the same cache key.
 */
export async function enqueueRender(origin: RenderOrigin, plan: RenderPlan, deps: QueueDeps, renderId: string): Promise<RenderRow> {
  const render = newRenderRow(origin, plan, deps.now(), { id: renderId, status: "queued" });
  await deps.files.put(payloadKey(render.id), JSON.stringify({ data: plan.data, options: plan.options, format: plan.format }));
  await deps.db.insert(renders).values(render);
  await deps.queue.send({ renderId: render.id });
  return render;
}
