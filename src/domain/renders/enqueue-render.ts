import type { Database } from "../../db/client";
import { type RenderRow, renders } from "../../db/schema";
import type { Clock } from "../../lib/clock";
import type { PayloadKeys } from "../../lib/payload-keys";
import { newRenderRow, type RenderOrigin } from "./record-render";
import type { RenderPlan } from "./render-plan";

export interface QueueDeps {
  db: Database;
  files: R2Bucket;
  queue: Queue<RenderMessage>;
  clock: Clock;
  keys: PayloadKeys;
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
  /** The options without `encryption`, whose passwords never rest in plain text: they are in `sealed_encryption`. */
  options: Record<string, unknown>;
  /** The `encryption` option, sealed (AES-GCM, bound to the render's id) under PAYLOAD_SECRET's seal key. */
  sealed_encryption?: string;
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
export async function enqueueRender(
  origin: RenderOrigin,
  plan: RenderPlan,
  deps: QueueDeps,
  renderId: string,
): Promise<RenderRow> {
  const render = newRenderRow(origin, plan, deps.clock.iso(), { id: renderId, status: "queued" });
  const { encryption, ...options } = plan.options;
  const sealed = encryption ? { sealed_encryption: await deps.keys.seal(JSON.stringify(encryption), render.id) } : {};
  const payload: RenderPayload = {
    data: plan.data,
    options,
    ...sealed,
    format: plan.format,
    receivedAt: plan.receivedAt.toISOString(),
  };
  await deps.files.put(payloadKey(render.id), JSON.stringify(payload));
  await deps.db.insert(renders).values(render);
  await deps.queue.send({ renderId: render.id });
  return render;
}
