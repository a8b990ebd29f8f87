import type { OpenAPIHono, RouteConfig, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { ServiceError } from "../errors";
import { fieldErrorsFromZod } from "./field-errors";

export type AppContext = Context<AppEnv>;

export interface Endpoint {
  route: RouteConfig;
  handler: (c: AppContext) => Promise<Response> | Response;
}

export const API_KEY_SECURITY: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { apiKeyHeader: [] }];

export function endpoint(route: RouteConfig, handler: Endpoint["handler"]): Endpoint {
  return { route, handler };
}

/**
 * Mounts endpoints on the app and, when `documented`, registers the same route objects for /openapi.json,
 * so the document always describes what is running. Bodies are validated by `readBody`, not by the
 * OpenAPI middleware, so that every mistake gets the service's own field errors.
 */
export function mountEndpoints(
  app: OpenAPIHono<AppEnv>,
  endpoints: Endpoint[],
  { documented }: { documented: boolean },
): void {
  for (const { route, handler } of endpoints) {
    if (documented) app.openAPIRegistry.registerPath(route);
    app.on(route.method.toUpperCase(), route.path.replace(/\{(\w+)\}/g, ":$1"), handler);
  }
}

/** The parsed JSON body checked against `schema`, or a 400 listing every field that is wrong. */
export function readBody<T extends z.ZodType>(c: AppContext, schema: T): z.infer<T> {
  const body = c.get("body");
  if (body === undefined) {
    throw new ServiceError("invalid_request", "This endpoint needs a JSON body.", {
      errors: [{ path: "body", message: "The request body is empty.", expected: "a JSON object", received: "missing" }],
    });
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const errors = fieldErrorsFromZod(parsed.error, body);
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more; see \`errors\`)` : "";
  throw new ServiceError("invalid_request", `${errors[0]?.message ?? "The request body is invalid."}${more}`, {
    errors,
  });
}

/** `value` checked against `schema`, or a 400 with its field errors (paths under `root`); `fallback` names the input. */
export function parseOrRefuse<T extends z.ZodType>(
  schema: T,
  value: unknown,
  fallback: string,
  root?: string,
): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const errors = fieldErrorsFromZod(parsed.error, value, root);
  throw new ServiceError("invalid_request", errors[0]?.message ?? fallback, { errors });
}
