import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "./app-env";
import { favicon } from "./docs/html";
import { ERROR_TYPES } from "./error-table";
import { errorEnvelope, ServiceError } from "./errors";
import { refuseInvalidInput } from "./lib/endpoint";
import { handleMcp } from "./mcp/handler";
import { apiKeyAuth } from "./middleware/api-key-auth";
import { firstQueryValues } from "./middleware/first-query-values";
import { idempotency } from "./middleware/idempotency";
import { internalAuth } from "./middleware/internal-auth";
import { jsonBody } from "./middleware/json-body";
import { requestId } from "./middleware/request-id";
import { requestLog } from "./middleware/request-log";
import { requestServices } from "./middleware/request-services";
import { endpoints } from "./routes";
import { rateHeaders } from "./routes/rate-headers";
import { docsPage, docsSearch, homePage } from "./routes/service/docs-pages";
import { errorDocs } from "./routes/service/error-docs";

/** Paths under /v1 that carry their own credential (or none) instead of an API key. */
const KEYLESS_V1 = [/^\/v1\/internal(\/|$)/, /^\/v1\/verify$/, /^\/v1\/files\//, /^\/v1\/trials$/];

function errorResponse(c: Context<AppEnv>, error: ServiceError): Response {
  const response = c.json(
    errorEnvelope(c.var.services.baseUrl, error),
    ERROR_TYPES[error.type].status as ContentfulStatusCode,
  );
  const { retryAfterSeconds, rate, headers } = error.extra;
  if (retryAfterSeconds !== undefined) response.headers.set("Retry-After", String(retryAfterSeconds));
  for (const [name, value] of Object.entries({ ...(rate ? rateHeaders(rate) : {}), ...headers }))
    response.headers.set(name, value);
  return response;
}

function openApiDocument(app: OpenAPIHono<AppEnv>, baseUrl: string) {
  return app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Folio API",
      version: "1.0.0",
      description:
        "Versioned HTML + Liquid templates and a JSON payload in; a deterministic, cached PDF, PNG or JPG " +
        "behind a signed URL out.",
      license: { name: "Proprietary", url: `${baseUrl}/docs` },
    },
    servers: [{ url: baseUrl }],
    tags: [
      {
        name: "Renders",
        description:
          "Render a template with data into a PDF, PNG or JPG; preview without storing; follow queued renders.",
      },
      {
        name: "Templates",
        description: "Versioned HTML + Liquid templates with an optional JSON Schema for their data.",
      },
      {
        name: "Certificates",
        description: "Signing certificates with their keys, sealed at rest, for signed PDFs (paid plans).",
      },
      { name: "Account", description: "The account, its usage this month, its webhook secret, and keyless trials." },
      { name: "Service", description: "Health and verification: no API key needed." },
    ],
  });
}

export function buildApp(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: refuseInvalidInput });
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "`Authorization: Bearer <API_KEY>`",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "apiKeyHeader", {
    type: "apiKey",
    in: "header",
    name: "X-API-Key",
  });

  app.use("*", requestServices);
  app.use("*", requestId);
  app.use("*", requestLog);
  app.use("/v1/internal/*", internalAuth);
  // The renderer's counters say how much the service renders: only for callers holding the internal secret.
  app.use("/healthz", async (c, next) => (c.req.query("detail") === undefined ? next() : internalAuth(c, next)));
  app.use("/v1/*", async (c, next) => (KEYLESS_V1.some((p) => p.test(c.req.path)) ? next() : apiKeyAuth(c, next)));
  app.use("*", firstQueryValues);
  app.use("*", jsonBody);
  for (const path of ["/v1/render", "/v1/render/batch", "/v1/templates", "/v1/templates/:name/versions"])
    app.use(path, idempotency);

  for (const { mount } of endpoints) mount(app);
  app.all("/mcp", (c) => handleMcp(c));
  app.get("/docs/errors", errorDocs);
  app.get("/docs/errors/:type", errorDocs);

  let document: unknown;
  const openApi = (baseUrl: string) => (document ??= openApiDocument(app, baseUrl));
  app.get("/openapi.json", (c) => c.json(openApi(c.var.services.baseUrl)));
  for (const path of ["/docs", "/docs/sdk", "/docs/cli", "/docs/mcp"]) app.get(path, docsPage(path, openApi));
  app.get("/docs/search", docsSearch(openApi));
  app.get("/favicon.ico", favicon);
  app.get("/", homePage);

  app.notFound((c) => errorResponse(c, new ServiceError("not_found", `No route ${c.req.method} ${c.req.path}.`)));
  app.onError((error, c) => {
    if (error instanceof ServiceError) return errorResponse(c, error);
    console.error(
      JSON.stringify({
        level: "error",
        request_id: c.get("requestId"),
        path: c.req.path,
        error: String(error),
        stack: (error as Error).stack,
      }),
    );
    const response = errorResponse(
      c,
      new ServiceError(
        "internal_error",
        "Something went wrong on our side. Retry once; if it persists, contact support with the x-request-id.",
      ),
    );
    response.headers.set("x-request-id", c.get("requestId") ?? "");
    return response;
  });
  return app;
}
