import { eq } from "drizzle-orm";
import type { RenderOptions } from "../../contract/render-options/options-schema";
import type { Database } from "../../db/client";
import { type RenderRow, renders, templateVersions } from "../../db/schema";
import { ServiceError } from "../../errors";
import type { Clock } from "../../lib/clock";
import { getAccount } from "../accounts/get-account";
import { beginAttempt, holdExpired } from "../accounts/metering";
import { payloadKey, type RenderPayload } from "./enqueue-render";
import { type ProduceDeps, produceFile } from "./produce-file";
import { failedState, findCached, succeededState } from "./record-render";
import { coalesce } from "./render-capacity";
import { claimLease, closeQueued, releaseLease, renewAttempt } from "./render-lease";
import { planPorts, planRender } from "./render-plan";

export interface ProcessDeps extends ProduceDeps {
  db: Database;
  baseUrl: string;
  clock: Clock;
}

export type ProcessOutcome = "succeeded" | "failed" | "already_done" | "busy" | "retry";

/** Failures worth another delivery of the message; everything else is the template's, the data's or the money's. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ServiceError)) return true;
  return error.type === "internal_error" || (error.type === "render_failed" && error.extra.details?.transient === true);
}

/** The `encryption` option a payload sealed; unreadable after PAYLOAD_SECRET changed, which no retry mends. */
async function unsealed(sealed: string, renderId: string, deps: ProcessDeps): Promise<RenderOptions["encryption"]> {
  try {
    return JSON.parse(await deps.keys.open(sealed, renderId));
  } catch {
    throw new ServiceError(
      "render_failed",
      "The queued render's encryption passwords could not be unsealed: PAYLOAD_SECRET changed after it was " +
        "queued. Send the render again.",
      { details: { stage: "queue", reason: "payload_unsealable", retryable: false } },
    );
  }
}

/** Renders a claimed render: from the cache when an identical render finished first, else for real, billed. */
async function complete(claimed: RenderRow, deps: ProcessDeps): Promise<RenderRow | undefined> {
  const [version] = await deps.db
    .select()
    .from(templateVersions)
    .where(eq(templateVersions.id, claimed.templateVersionId))
    .limit(1);
  const payload = await deps.files.get(payloadKey(claimed.id));
  if (!version || !payload)
    throw new ServiceError("internal_error", "The queued render's template version or payload is missing.");
  const stored = (await payload.json()) as RenderPayload;
  const options =
    stored.sealed_encryption === undefined
      ? stored.options
      : { ...stored.options, encryption: await unsealed(stored.sealed_encryption, claimed.id, deps) };
  const plan = await planRender(
    version,
    { format: stored.format, data: stored.data, options, receivedAt: new Date(stored.receivedAt) },
    planPorts(claimed.accountId, deps),
  );
  const account = await getAccount(deps.db, claimed.accountId);
  const meter = deps.meter(account.id);
  const maxUnits = await beginAttempt(meter, account, claimed.id);
  if (maxUnits === null) throw holdExpired();
  const now = () => deps.clock.iso();
  const slot = plan.engine === "chromium" ? { ticket: claimed.id, settings: deps.capacity } : undefined;
  const once = await coalesce(
    deps.gate(account.id),
    plan.cacheKey,
    plan.options.timeout_ms ?? 30_000,
    () => findCached(deps.db, account.id, plan.cacheKey),
    (holdsSlot) =>
      produceFile(
        account,
        claimed.id,
        plan,
        maxUnits,
        { ...deps, progress: renewAttempt(claimed.id, meter, account, deps) },
        holdsSlot,
      ),
    { slot },
  );
  if ("hit" in once) {
    await meter.release(claimed.id);
    const { objectKey, pageCount, byteSize, compliance } = once.hit;
    return closeQueued(
      claimed.id,
      {
        status: "succeeded",
        cached: true,
        objectKey,
        pageCount,
        byteSize,
        compliance,
        billableUnits: 0,
        completedAt: now(),
      },
      deps,
    );
  }
  const render = await closeQueued(claimed.id, succeededState(plan, once.produced, now()), deps);
  // Another run (the sweeper) closed it meanwhile: the units produced here are not kept.
  if (!render) await meter.refund(claimed.id, succeededState(plan, once.produced, now()).billableUnits);
  return render;
}

/**
 * Renders one queued render, at most once: a lease claims it (a redelivered message finds it claimed or
 * finished and does nothing), and the final state is written only while it is still queued.
 */
export async function processQueuedRender(
  renderId: string,
  deps: ProcessDeps,
  finalAttempt: boolean,
): Promise<{ outcome: ProcessOutcome; render?: RenderRow }> {
  const claimed = await claimLease(deps.db, renderId, deps.clock.now());
  if (!claimed) {
    const [current] = await deps.db.select().from(renders).where(eq(renders.id, renderId)).limit(1);
    return current?.status !== "queued"
      ? { outcome: "already_done", ...(current ? { render: current } : {}) }
      : { outcome: "busy" };
  }

  try {
    return { outcome: "succeeded", render: await complete(claimed, deps) };
  } catch (error) {
    if (isTransient(error) && !finalAttempt) {
      await releaseLease(deps.db, renderId);
      return { outcome: "retry" };
    }
    const failure =
      error instanceof ServiceError
        ? error
        : new ServiceError("internal_error", "The render failed on our side.", { details: { cause: String(error) } });
    const render = await closeQueued(renderId, failedState(failure, deps.baseUrl, deps.clock.iso()), deps);
    if (render) await deps.meter(render.accountId).release(render.id);
    return { outcome: "failed", render };
  }
}

/** Messages that exhausted their retries land here: the render is closed as failed rather than left queued. */
export async function failAbandonedRender(
  renderId: string,
  deps: Pick<ProcessDeps, "db" | "baseUrl" | "clock" | "files" | "meter">,
): Promise<RenderRow | undefined> {
  const error = new ServiceError("internal_error", "The render could not be completed after several attempts.", {
    details: { stage: "queue" },
  });
  const failed = await closeQueued(renderId, failedState(error, deps.baseUrl, deps.clock.iso()), deps);
  if (failed) await deps.meter(failed.accountId).release(failed.id);
  return failed;
}
