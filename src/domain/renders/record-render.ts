import { and, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type RenderRow, renders, type TemplateRow } from "../../db/schema";
import { errorObject, type ServiceError } from "../../errors";
import { newId } from "../../lib/ids";
import { formatReference } from "../templates/reference";
import type { ProducedFile } from "./produce-file";
import { billableUnits, CONTENT_TYPES, type RenderPlan } from "./render-plan";

export interface RenderOrigin {
  accountId: string;
  apiKeyId: string | null;
  template: TemplateRow;
  webhookUrl?: string | null | undefined;
  batchId?: string | null | undefined;
}

/** A new render row for `plan`, in the given state; the caller inserts it. */
export function newRenderRow(
  origin: RenderOrigin,
  plan: RenderPlan,
  now: string,
  state: Partial<RenderRow> & Pick<RenderRow, "status">,
): RenderRow {
  return {
    id: newId("rnd"),
    accountId: origin.accountId,
    apiKeyId: origin.apiKeyId,
    templateId: origin.template.id,
    templateVersionId: plan.version.id,
    templateRef: formatReference(origin.template.name, plan.version.version),
    format: plan.format,
    engine: plan.engine,
    cached: false,
    cacheKey: plan.cacheKey,
    objectKey: null,
    contentType: CONTENT_TYPES[plan.format],
    pageCount: null,
    billableUnits: null,
    byteSize: null,
    error: null,
    compliance: null,
    webhookUrl: origin.webhookUrl ?? null,
    webhookStatus: origin.webhookUrl ? "pending" : null,
    webhookAttempts: 0,
    batchId: origin.batchId ?? null,
    leaseUntil: null,
    attemptStartedAt: null,
    createdAt: now,
    completedAt: null,
    ...state,
  };
}

export function succeededState(plan: RenderPlan, file: ProducedFile, now: string) {
  return {
    status: "succeeded" as const,
    objectKey: file.objectKey,
    pageCount: file.pageCount,
    byteSize: file.byteSize,
    compliance: file.compliance,
    billableUnits: billableUnits(plan.format, file.pageCount),
    completedAt: now,
  };
}

export function failedState(error: ServiceError, baseUrl: string, now: string) {
  return {
    status: "failed" as const,
    error: errorObject(baseUrl, error),
    completedAt: now,
  };
}

/** The newest finished render of the same cache key on this account, if any: its object is the answer. */
export async function findCached(db: Database, accountId: string, cacheKey: string): Promise<RenderRow | undefined> {
  const [hit] = await db
    .select()
    .from(renders)
    .where(and(eq(renders.accountId, accountId), eq(renders.cacheKey, cacheKey), eq(renders.status, "succeeded")))
    .orderBy(desc(renders.createdAt))
    .limit(1);
  return hit;
}

/** What a cache hit takes from the render it is answered from: the stored file and its receipt. */
const FROM_HIT = new Set<string>(["objectKey", "pageCount", "byteSize", "compliance"]);

/**
 * Records `answer` (a cached render, its file fields still empty) as an answer from the newest finished render of the
 * same cache key, in one statement: the lookup and the insert are one round trip, and a row is written only when the
 * file it names is there. Undefined on a miss (nothing written).
 */
export async function recordCacheHit(db: Database, answer: RenderRow): Promise<RenderRow | undefined> {
  const columns = getTableColumns(renders);
  const values: SQL[] = Object.entries(columns).map(([name, column]) =>
    FROM_HIT.has(name) ? sql`${column}` : sql`${sql.param(answer[name as keyof RenderRow], column)}`,
  );
  const hit = db
    .select({ values: sql.join(values, sql`, `) })
    .from(renders)
    .where(
      and(
        eq(renders.accountId, answer.accountId),
        eq(renders.cacheKey, answer.cacheKey),
        eq(renders.status, "succeeded"),
      ),
    )
    .orderBy(desc(renders.createdAt))
    .limit(1);
  const [stored] = await db.insert(renders).select(hit.getSQL()).returning({
    objectKey: renders.objectKey,
    pageCount: renders.pageCount,
    byteSize: renders.byteSize,
    compliance: renders.compliance,
  });
  return stored && { ...answer, ...stored };
}
