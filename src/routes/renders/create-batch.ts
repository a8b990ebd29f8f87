import { createRoute, z } from "@hono/zod-openapi";
import { RenderRequestBody, RenderSchema } from "../../contract/renders";
import { type BatchItem, createBatch } from "../../domain/renders/create-batch";
import { precheckRenderBody, toRenderRequest } from "../../domain/renders/parse-request";
import { serializeRender } from "../../domain/renders/serialize-render";
import { ErrorEnvelopeSchema, errorResponses, ServiceError } from "../../errors";
import { API_KEY_SECURITY, type Endpoint, endpoint, parseOrRefuse } from "../../lib/endpoint";
import { rateHeaders } from "../rate-headers";
import { IdempotencyHeader, jsonBodyOf, jsonContent } from "../schemas";

const BatchBody = z
  .object({
    renders: z.array(RenderRequestBody).openapi({ description: "1 to 50 render requests (RENDER_MAX_BATCH_ITEMS)." }),
    webhook_url: z.string().optional().openapi({ description: "Default webhook for items that set none." }),
  })
  .openapi("BatchRequest");

const BatchSchema = z
  .object({
    object: z.literal("batch"),
    id: z.string().openapi({ example: "bat_0a1b2c3d4e5f6g7h8i9j0k1l" }),
    count: z.int(),
    queued: z.int(),
    cached: z.int(),
    renders: z.array(
      z.union([
        RenderSchema.extend({ index: z.int() }),
        z.object({ index: z.int(), object: z.literal("error"), error: ErrorEnvelopeSchema.shape.error }),
      ]),
    ),
  })
  .openapi("Batch");

const route = createRoute({
  method: "post",
  path: "/v1/render/batch",
  operationId: "createRenderBatch",
  tags: ["Renders"],
  summary: "Queue up to 50 renders at once",
  description:
    "Every item is queued (cache hits come back finished); a failing item becomes an error entry and never " +
    "fails the call. Each item fires its own webhook.",
  security: API_KEY_SECURITY,
  request: { headers: IdempotencyHeader, body: jsonBodyOf(BatchBody) },
  responses: {
    202: jsonContent(BatchSchema, "The batch, items in submission order."),
    ...errorResponses("invalid_request", "conflict", "authentication_error", "permission_error", "rate_limited"),
  },
});

function wholeCallError(message: string, details?: Record<string, unknown>, received = "missing"): ServiceError {
  return new ServiceError("invalid_request", message, {
    errors: [{ path: "renders", message, expected: "an array of 1 to 50 render requests", received }],
    ...(details ? { details } : {}),
  });
}

/** Checks the envelope of the call; items are judged one by one and never fail the batch. */
function parseItems(body: unknown, max: number, production: boolean, receivedAt: Date): BatchItem[] {
  if (body === null || typeof body !== "object" || Array.isArray(body))
    throw wholeCallError(
      "The body must be an object with a `renders` array.",
      undefined,
      body === undefined ? "missing" : Array.isArray(body) ? "array" : typeof body,
    );
  const { renders, webhook_url: defaultWebhook } = body as { renders?: unknown; webhook_url?: unknown };
  if (!Array.isArray(renders))
    throw wholeCallError(
      "`renders` must be an array of render requests.",
      undefined,
      renders === undefined ? "missing" : typeof renders,
    );
  if (renders.length === 0) throw wholeCallError("`renders` is empty: send 1 to 50 items.", undefined, "array(0)");
  if (renders.length > max)
    throw wholeCallError(
      `\`renders\` has ${renders.length} items; the limit is ${max}. Nothing was queued.`,
      { received: renders.length, max },
      `array(${renders.length})`,
    );
  return renders.map((raw, index): BatchItem => {
    const prefix = `renders[${index}].`;
    try {
      const withDefault =
        raw && typeof raw === "object" && !Array.isArray(raw) && defaultWebhook !== undefined && !("webhook_url" in raw)
          ? { ...raw, webhook_url: defaultWebhook }
          : raw;
      precheckRenderBody(withDefault, production, prefix);
      return {
        index,
        request: toRenderRequest(
          parseOrRefuse(RenderRequestBody, withDefault, "Invalid item.", `renders[${index}]`),
          receivedAt,
          prefix,
        ),
      };
    } catch (error) {
      if (error instanceof ServiceError) return { index, error };
      throw error;
    }
  });
}

// Items are judged one by one and never fail the batch (parseItems), so the body is documented but not validated whole.
const batchEndpoint = endpoint({ ...route, hide: true, request: { headers: IdempotencyHeader } }, async (c) => {
  const services = c.var.services;
  const settings = services.config;
  const items = parseItems(c.get("body"), settings.maxBatchItems, settings.production, services.clock.now());
  const batch = await createBatch({ account: c.get("account"), apiKeyId: c.get("apiKeyId") }, items, services);
  const sign = services.signer();
  const renders = await Promise.all(
    batch.entries.map(async (entry) =>
      "render" in entry
        ? { ...(await serializeRender(entry.render, sign)), index: entry.index }
        : { index: entry.index, object: "error" as const, error: entry.error },
    ),
  );
  return c.json(
    { object: "batch" as const, id: batch.id, count: batch.count, queued: batch.queued, cached: batch.cached, renders },
    202,
    rateHeaders(batch.rate),
  );
});

/** The batch as documented, with its body; mounted without a validator for the body. */
export const createBatchEndpoint: Endpoint = {
  route,
  mount: (app) => {
    app.openAPIRegistry.registerPath(route);
    batchEndpoint.mount(app);
  },
};
