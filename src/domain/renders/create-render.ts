import type { RenderOptions } from "../../contract/render-options/options-schema";
import type { Database } from "../../db/client";
import type { AccountRow, RenderRow } from "../../db/schema";
import { ServiceError } from "../../errors";
import type { Clock } from "../../lib/clock";
import { newId } from "../../lib/ids";
import { UNTIMED } from "../../lib/render-timings";
import { admitRenders, countedIn } from "../accounts/admission";
import { reserveUnits } from "../accounts/metering";
import type { RateDecision, RateLimiterPort } from "../ports/rate-limiter";
import { refuseInapplicableOptions } from "../render-options/applicability";
import { resolveTemplate } from "../templates/find-template";
import type { TemplateReference } from "../templates/reference";
import { validateTemplateData } from "../templates/validate-data";
import { enqueueRender, type QueueDeps } from "./enqueue-render";
import type { ProduceDeps } from "./produce-file";
import { newRenderRow, type RenderOrigin, recordCacheHit } from "./record-render";
import { renderInline } from "./render-inline";
import { estimatedUnits, type OutputFormat, outputFormat, planPorts, planRender, type RenderPlan } from "./render-plan";

export interface RenderRequest {
  ref: TemplateReference;
  format?: OutputFormat | undefined;
  data: unknown;
  options?: RenderOptions | undefined;
  webhookUrl?: string | undefined;
  async?: boolean | undefined;
  /** Set for batch items: they are always queued (a cache hit still comes back finished). */
  batchId?: string | undefined;
  /** When the request was received: the instant its template's "now" and "today" read, queued or not. */
  receivedAt: Date;
}

export interface CreateRenderDeps extends ProduceDeps, QueueDeps {
  db: Database;
  baseUrl: string;
  clock: Clock;
  config: { syncMaxDataBytes: number };
  /** The rate window of an API key (one limiter object per key). */
  limiter(apiKeyId: string): RateLimiterPort;
}

/** Who asks: the account, and the API key its rate limit is counted against. */
export interface Caller {
  account: AccountRow;
  apiKeyId: string;
}

export type CreatedRender = { outcome: "finished" | "queued"; render: RenderRow };

/**
 * POST /v1/render and the agent's render tool: admit the caller (suspension, one unit of the key's rate
 * window), then render. The answer, and a refusal after admission, carry where the caller stands in its window.
 */
export async function createRender(
  caller: Caller,
  request: RenderRequest,
  deps: CreateRenderDeps,
): Promise<CreatedRender & { rate: RateDecision }> {
  const admitting = (deps.timings ?? UNTIMED).measure("admission", () =>
    admitRenders(caller.account, deps.limiter(caller.apiKeyId), 1),
  );
  try {
    const created = await startRender(caller.account, caller.apiKeyId, request, deps, admitting);
    return { ...created, rate: await admitting };
  } catch (error) {
    throw await countedIn(error, admitting);
  }
}

/**
 * Resolve, validate, then answer from the cache, render inline, or queue. A satori template always renders
 * inline; a cache hit always answers inline, whatever else was asked. Identical requests in flight together
 * make one render: the others are answered as cache hits. `admitted` is the admission check, already under way
 * (a batch admits all its items at once); nothing is decided before it passes.
 */
export async function startRender(
  account: AccountRow,
  apiKeyId: string | null,
  request: RenderRequest,
  deps: CreateRenderDeps,
  admitted: Promise<unknown>,
): Promise<CreatedRender> {
  const accountId = account.id;
  // The template lookup overlaps the admission check (rate limit, suspension), which still decides first:
  // a refused request is refused whatever its template.
  const resolving = resolveTemplate(deps.db, accountId, request.ref);
  resolving.catch(() => undefined);
  await admitted;
  const { template, version } = await resolving;
  refuseInapplicableOptions(request.options, version.engine, outputFormat(version, request.format));
  const errors = validateTemplateData(version, request.data);
  const [firstError] = errors;
  if (firstError) {
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
    throw new ServiceError(
      "validation_error",
      `The data does not match the schema of ${template.name}@${version.version}: ${firstError.message}${more}`,
      { errors },
    );
  }
  const plan = await planRender(version, request, planPorts(accountId, deps));
  const origin = { accountId, apiKeyId, template, webhookUrl: request.webhookUrl, batchId: request.batchId };
  const cachedAnswer = async (): Promise<CreatedRender | undefined> => {
    // The stored receipt comes with the file: the same bytes were checked by the same rules (their release is in
    // the cache key).
    const answer = newRenderRow({ ...origin, webhookUrl: null }, plan, deps.clock.iso(), {
      status: "succeeded",
      cached: true,
      billableUnits: 0,
      completedAt: deps.clock.iso(),
    });
    const render = await recordCacheHit(deps.db, answer);
    return render && { outcome: "finished", render };
  };

  const hit = await cachedAnswer();
  if (hit) return hit;
  const queued =
    request.batchId !== undefined ||
    request.webhookUrl !== undefined ||
    request.async === true ||
    (version.engine !== "satori" && plan.dataBytes > deps.config.syncMaxDataBytes);
  if (queued) return queueRender(account, origin, plan, deps);
  const fromCache = async () => (await cachedAnswer())?.render;
  return { outcome: "finished", render: await renderInline(account, origin, plan, deps, fromCache) };
}

async function queueRender(
  account: AccountRow,
  origin: RenderOrigin,
  plan: RenderPlan,
  deps: CreateRenderDeps,
): Promise<CreatedRender> {
  const renderId = newId("rnd");
  const meter = deps.meter(account.id);
  await reserveUnits(meter, account, renderId, estimatedUnits(plan));
  try {
    return { outcome: "queued", render: await enqueueRender(origin, plan, deps, renderId) };
  } catch (error) {
    await meter.release(renderId);
    throw error;
  }
}
