import type { Database } from "../../db/client";
import { type AccountRow, type RenderRow, renders } from "../../db/schema";
import { ServiceError } from "../../errors";
import type { Clock } from "../../lib/clock";
import { newId } from "../../lib/ids";
import { reserveUnits } from "../accounts/metering";
import { type ProduceDeps, type ProducedFile, produceFile } from "./produce-file";
import { failedState, newRenderRow, type RenderOrigin, succeededState } from "./record-render";
import { coalesce } from "./render-capacity";
import { estimatedUnits, type RenderPlan } from "./render-plan";

/** Renders that fail while rendering are recorded too; a refusal before any work (404, 422) is not. */
const RECORDED_FAILURES = new Set(["render_failed", "asset_blocked", "quota_exceeded", "spend_cap_exceeded"]);

export interface InlineDeps extends ProduceDeps {
  db: Database;
  baseUrl: string;
  clock: Clock;
}

/**
 * Renders `plan` within the request. Identical requests in flight together make one render: the others are
 * answered from the cache (`fromCache`) once it is there. The units are reserved while the gate decides who
 * renders (and, for Chromium, hands out the slot); they go back when this request renders nothing (a follower
 * answered from the cache, the gate refusing or failing). A render that fails gives them back itself.
 */
export async function renderInline(
  account: AccountRow,
  origin: RenderOrigin,
  plan: RenderPlan,
  deps: InlineDeps,
  fromCache: () => Promise<RenderRow | undefined>,
): Promise<RenderRow> {
  const renderId = newId("rnd");
  const meter = deps.meter(account.id);
  const reserving = reserveUnits(meter, account, renderId, estimatedUnits(plan));
  reserving.catch(() => undefined);
  const giveBack = () =>
    reserving.then(
      () => meter.release(renderId),
      () => undefined,
    );
  let rendering = false;
  const followerHit = async () => {
    const answer = await fromCache();
    if (answer) await giveBack();
    return answer;
  };
  try {
    const slot = plan.engine === "chromium" ? { ticket: renderId, settings: deps.capacity } : undefined;
    const once = await coalesce(
      deps.gate(account.id),
      plan.cacheKey,
      plan.options.timeout_ms ?? 30_000,
      followerHit,
      (holdsSlot) => {
        rendering = true;
        return renderReserved(account, origin, plan, deps, { renderId, reserving, holdsSlot });
      },
      { slot, timings: deps.timings, background: deps.background },
    );
    return "hit" in once ? once.hit : once.produced;
  } catch (error) {
    if (!rendering) await giveBack();
    throw error;
  }
}

/**
 * Renders with the units `reserving` holds (its page ceiling), then records the render; a render that fails gives them
 * back.
 */
async function renderReserved(
  account: AccountRow,
  origin: RenderOrigin,
  plan: RenderPlan,
  deps: InlineDeps,
  seat: { renderId: string; reserving: Promise<number>; holdsSlot: boolean },
): Promise<RenderRow> {
  const { renderId } = seat;
  const meter = deps.meter(account.id);
  const maxUnits = await seat.reserving;
  const createdAt = deps.clock.iso();
  let file: ProducedFile;
  try {
    file = await produceFile(account, renderId, plan, maxUnits, deps, seat.holdsSlot);
  } catch (error) {
    await meter.release(renderId);
    if (error instanceof ServiceError && RECORDED_FAILURES.has(error.type)) {
      const failed = { id: renderId, ...failedState(error, deps.baseUrl, deps.clock.iso()) };
      await deps.db.insert(renders).values(newRenderRow(origin, plan, createdAt, failed));
    }
    throw error;
  }
  const render = newRenderRow(origin, plan, createdAt, {
    id: renderId,
    ...succeededState(plan, file, deps.clock.iso()),
  });
  try {
    await deps.db.insert(renders).values(render);
  } catch (error) {
    await meter.refund(renderId, render.billableUnits ?? 0);
    throw error;
  }
  return render;
}
