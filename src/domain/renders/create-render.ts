import type { Database } from "../../db/client";
import { renders, type RenderRow } from "../../db/schema";
import { ServiceError } from "../../errors";
import type { RenderOptions } from "../render-options/options-schema";
import { resolveTemplate } from "../templates/find-template";
import type { TemplateReference } from "../templates/reference";
import { validateTemplateData } from "../templates/validate-data";
import { produceFile, type ProduceDeps, type ProducedFile } from "./produce-file";
import type { AccountRow } from "../../db/schema";
import { reserveUnits, type MeterStub } from "../accounts/metering";
import { newId } from "../../lib/ids";
import { failedState, findCached, newRenderRow, succeededState } from "./record-render";
import { planRender, type OutputFormat } from "./render-plan";
import { enqueueRender, type QueueDeps } from "./enqueue-render";

export interface RenderRequest {
  ref: TemplateReference;
  format?: OutputFormat | undefined;
  data: unknown;
  options?: RenderOptions | undefined;
  webhookUrl?: string | undefined;
  async?: boolean | undefined;
  /** Set for batch items: they are always queued (a cache hit still comes back finished). */
  batchId?: string | undefined;
}

export interface CreateRenderDeps extends ProduceDeps, QueueDeps {
  db: Database;
  meter(accountId: string): MeterStub;
  baseUrl: string;
  syncMaxDataBytes: number;
  now: () => string;
}

export type CreatedRender = { outcome: "finished" | "queued"; render: RenderRow };

/**
 * POST /v1/render: resolve, validate, then answer from the cache, render inline, or queue. A satori
 * template always renders inline; a cache hit always answers inline, whatever else was asked.
 * `admitted` is the caller's admission check, already under way; nothing is decided before it passes.
 */
export async function createRender(account: AccountRow, apiKeyId: string | null, request: RenderRequest, deps: CreateRenderDeps, admitted: Promise<unknown> = Promise.resolve()): Promise<CreatedRender> {
  const accountId = account.id;
  // The template lookup overlaps the admission check (rate limit, suspension), which still decides first:
  // a refused request is refused whatever its template.
  const resolving = resolveTemplate(deps.db, accountId, request.ref);
  resolving.catch(() => undefined);
  await admitted;
  const { template, version } = await resolving;
  const errors = validateTemplateData(version, request.data);
  if (errors.length) {
    throw new ServiceError("validation_error", `The data does not match the schema of ${template.name}@${version.version}: ${errors[0]!.message}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ""}`, { errors });
  }
  const plan = await planRender(version, request);
  const origin = { accountId, apiKeyId, template, webhookUrl: request.webhookUrl, batchId: request.batchId };

  const hit = await findCached(deps.db, accountId, plan.cacheKey);
  if (hit) {
    const render = newRenderRow({ ...origin, webhookUrl: null }, plan, deps.now(), {
      status: "succeeded", cached: true, objectKey: hit.objectKey, pageCount: hit.pageCount, byteSize: hit.byteSize, billableUnits: 0, completedAt: deps.now(),
    });
    await deps.db.insert(renders).values(render);
    return { outcome: "finished", render };
  }

  const renderId = newId("rnd");
  const meter = deps.meter(accountId);
  await reserveUnits(meter, account, renderId, plan.format === "pdf" ? version.expectedPages : 1);

  const queued = request.batchId !== undefined || request.webhookUrl !== undefined || request.async === true || (version.engine !== "satori" && plan.dataBytes > deps.syncMaxDataBytes);
  if (queued) {
    try {
      return { outcome: "queued", render: await enqueueRender(origin, plan, deps, renderId) };
    } catch (error) {
      await meter.release(renderId);
      throw error;
    }
  }

  const createdAt = deps.now();
  let file: ProducedFile;
  try {
    file = await produceFile(accountId, plan, deps);
  } catch (error) {
    await meter.release(renderId);
    if (error instanceof ServiceError && (error.type === "render_failed" || error.type === "asset_blocked")) {
      await deps.db.insert(renders).values(newRenderRow(origin, plan, createdAt, { id: renderId, ...failedState(error, deps.baseUrl, deps.now()) }));
    }
    throw error;
  }
  const render = newRenderRow(origin, plan, createdAt, { id: renderId, ...succeededState(plan, file, deps.now()) });
  await Promise.all([deps.db.insert(renders).values(render), meter.settle(renderId, render.billableUnits ?? 0)]);
  return { outcome: "finished", render };
}
