import { createRoute } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../app-env";
import { noteRender } from "../../app-env";
import { RenderRequestBody, RenderSchema } from "../../contract/renders";
import { createRender } from "../../domain/renders/create-render";
import { precheckRenderBody, toRenderRequest } from "../../domain/renders/parse-request";
import { serializeRender } from "../../domain/renders/serialize-render";
import { errorResponses } from "../../errors";
import { API_KEY_SECURITY, endpoint } from "../../lib/endpoint";
import { RenderTimings } from "../../lib/render-timings";
import { rateHeaders } from "../rate-headers";
import { IdempotencyHeader, jsonBodyOf, jsonContent } from "../schemas";

/**
 * A malformed body starts no render, so it is refused before the rate limiter counts it; `webp` and a relative
 * webhook URL need a word more than a field error, so they are judged before the schema.
 */
const precheck = createMiddleware<AppEnv>(async (c, next) => {
  precheckRenderBody(c.get("body"), c.var.services.config.production);
  await next();
});

const route = createRoute({
  method: "post",
  path: "/v1/render",
  operationId: "createRender",
  tags: ["Renders"],
  summary: "Render a template with data",
  description:
    "Answers 200 with a signed URL when the render finishes inside the request or hits the cache (`cached: " +
    "true`, not billed), and 202 with a queued render when `webhook_url` or `async` is set or the canonical " +
    "data exceeds the inline limit (satori templates always render inline).",
  security: API_KEY_SECURITY,
  middleware: [precheck],
  request: { headers: IdempotencyHeader, body: jsonBodyOf(RenderRequestBody) },
  responses: {
    200: jsonContent(RenderSchema, "Finished (or served from the cache)."),
    202: jsonContent(RenderSchema, "Queued: poll GET /v1/renders/{id} or wait for the webhook."),
    ...errorResponses(
      "invalid_request",
      "conflict",
      "asset_blocked",
      "authentication_error",
      "quota_exceeded",
      "spend_cap_exceeded",
      "permission_error",
      "not_found",
      "validation_error",
      "rate_limited",
      "render_failed",
      "internal_error",
    ),
  },
});

export const createRenderEndpoint = endpoint(route, async (c) => {
  const services = c.var.services;
  const request = toRenderRequest(c.req.valid("json"), services.clock.now());
  const timings = new RenderTimings();
  c.set("timings", timings);
  const caller = { account: c.get("account"), apiKeyId: c.get("apiKeyId") };
  const { outcome, render, rate } = await createRender(caller, request, { ...services, timings });
  noteRender(c, render);
  return c.json(await serializeRender(render, services.signer()), outcome === "queued" ? 202 : 200, rateHeaders(rate));
});
