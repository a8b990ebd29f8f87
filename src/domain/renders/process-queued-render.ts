import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../../db/client";
import { renders, templateVersions, type RenderRow } from "../../db/schema";
import { ServiceError } from "../../errors";
import { produceFile, type ProduceDeps } from "./produce-file";
import { failedState, succeededState } from "./record-render";
import { planRender } from "./render-plan";
import { payloadKey } from "./enqueue-render";
import type { MeterStub } from "../accounts/metering";

export interface ProcessDeps extends ProduceDeps {
  db: Database;
  meter(accountId: string): MeterStub;
  baseUrl: string;
  now: () => Date;
}

const LEASE_MS = 120_000;

export type ProcessOutcome = "succeeded" | "failed" | "already_done" | "busy" | "retry";

/** Failures worth another delivery of the message; everything else is the template's or the data's fault. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ServiceError)) return true;
  return error.type === "internal_error" || (error.type === "render_failed" && error.extra.details?.transient === true);
}

/** Writes the final state of a render that is still queued and drops its payload; undefined when another run closed it. */
async function closeQueued(renderId: string, state: Partial<RenderRow>, deps: Pick<ProcessDeps, "db" | "files">): Promise<RenderRow | undefined> {
  const [closed] = await deps.db
    .update(renders)
    .set({ ...state, leaseUntil: null })
    .where(and(eq(renders.id, renderId), eq(renders.status, "queued")))
    .returning();
  await deps.files.delete(payloadKey(renderId));
  return closed;
}

/**
 * Renders one queued render, at most once: a lease claims it (a redelivered message finds it claimed or
 * finished and does nothing), and the final state is written only while it is still queued.
 */
export async function processQueuedRender(renderId: string, deps: ProcessDeps, finalAttempt: boolean): Promise<{ outcome: ProcessOutcome; render?: RenderRow }> {
  const now = deps.now();
  const [claimed] = await deps.db
    .update(renders)
    .set({ leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString() })
    .where(and(eq(renders.id, renderId), eq(renders.status, "queued"), or(isNull(renders.leaseUntil), lt(renders.leaseUntil, now.toISOString()))))
    .returning();
  if (!claimed) {
    const [current] = await deps.db.select().from(renders).where(eq(renders.id, renderId)).limit(1);
    return !current || current.status !== "queued" ? { outcome: "already_done", ...(current ? { render: current } : {}) } : { outcome: "busy" };
  }

  try {
    const [version] = await deps.db.select().from(templateVersions).where(eq(templateVersions.id, claimed.templateVersionId)).limit(1);
    const payload = await deps.files.get(payloadKey(renderId));
    if (!version || !payload) throw new ServiceError("internal_error", "The queued render's template version or payload is missing.");
    const stored = (await payload.json()) as { data: unknown; options: Record<string, unknown>; format: RenderRow["format"] };
    const plan = await planRender(version, { format: stored.format, data: stored.data, options: stored.options });
    const file = await produceFile(claimed.accountId, plan, deps);
    const render = await closeQueued(renderId, succeededState(plan, file, deps.now().toISOString()), deps);
    if (render) await deps.meter(render.accountId).settle(render.id, render.billableUnits ?? 0);
    return { outcome: "succeeded", render };
  } catch (error) {
    if (isTransient(error) && !finalAttempt) {
      await deps.db.update(renders).set({ leaseUntil: null }).where(eq(renders.id, renderId));
      return { outcome: "retry" };
    }
    const failure = error instanceof ServiceError ? error : new ServiceError("internal_error", "The render failed on our side.", { details: { cause: String(error) } });
    const render = await closeQueued(renderId, failedState(failure, deps.baseUrl, deps.now().toISOString()), deps);
    if (render) await deps.meter(render.accountId).release(render.id);
    return { outcome: "failed", render };
  }
}

/** Messages that exhausted their retries land here: the render is closed as failed rather than left queued. */
export async function failAbandonedRender(renderId: string, deps: Pick<ProcessDeps, "db" | "baseUrl" | "now" | "files" | "meter">): Promise<RenderRow | undefined> {
  const error = new ServiceError("internal_error", "The render could not be completed after several attempts.", { details: { stage: "queue" } });
  const failed = await closeQueued(renderId, failedState(error, deps.baseUrl, deps.now().toISOString()), deps);
  if (failed) await deps.meter(failed.accountId).release(failed.id);
  return failed;
}
