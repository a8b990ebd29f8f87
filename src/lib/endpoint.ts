import type { OpenAPIHono, RouteConfig, RouteHandler, z } from "@hono/zod-openapi";
import type { Context, ValidationTargets } from "hono";
import type { AppEnv } from "../app-env";
import { ServiceError } from "../errors";
import { fieldErrorsFromZod } from "./zod-field-errors";

export type AppContext = Context<AppEnv>;

/** A route as documented (what tests check its answers against) and how it is mounted. */
export interface Endpoint {
  route: RouteConfig;
  mount: (app: OpenAPIHono<AppEnv>) => void;
}

/** What a hook learns from a validator: which part of the request, and whether it passed. */
type Validation = { target: keyof ValidationTargets } & ({ success: true } | { success: false; error: z.ZodError });

/** A route's own hook: throws its refusal, answers instead of the handler, or leaves the handler to run. */
type RouteHook<R extends RouteConfig> = (
  result: Validation,
  c: AppContext,
) => ReturnType<RouteHandler<R, AppEnv>> | undefined;

export const API_KEY_SECURITY: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { apiKeyHeader: [] }];

/**
 * A route and its handler, mounted with `app.openapi`: the same route object is registered for /openapi.json
 * (unless it is `hide`), its request schemas validate the input before the handler runs, and the handler's
 * JSON answers are typed by its responses. `hook`, when given, replaces the app's default hook for this route.
 */
export function endpoint<R extends RouteConfig>(
  route: R,
  handler: RouteHandler<R, AppEnv>,
  hook?: RouteHook<R>,
): Endpoint {
  return {
    route,
    mount: (app) => {
      app.openapi(route, handler, hook);
    },
  };
}

function bodyRefusal(body: unknown, error: z.ZodError): ServiceError {
  if (body === undefined) {
    return new ServiceError("invalid_request", "This endpoint needs a JSON body.", {
      errors: [{ path: "body", message: "The request body is empty.", expected: "a JSON object", received: "missing" }],
    });
  }
  const errors = fieldErrorsFromZod(error, body);
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more; see \`errors\`)` : "";
  return new ServiceError("invalid_request", `${errors[0]?.message ?? "The request body is invalid."}${more}`, {
    errors,
  });
}

/**
 * The app's default hook: input a route's schemas refuse is a 400 with the service's own field errors, every
 * wrong field listed; a body's message is its first mistake and how many more, a query's, path's or header's its first.
 */
export function refuseInvalidInput(result: Validation, c: AppContext): undefined {
  if (result.success) return;
  if (result.target === "json") throw bodyRefusal(c.get("body"), result.error);
  const errors = fieldErrorsFromZod(result.error, inputOf(result.target, c));
  throw new ServiceError("invalid_request", errors[0]?.message ?? `Invalid ${result.target}.`, { errors });
}

/** The raw input a validator judged, for the field errors' `received`. */
function inputOf(target: keyof ValidationTargets, c: AppContext): unknown {
  if (target === "query") return c.req.query();
  if (target === "param") return c.req.param();
  if (target === "header") return c.req.header();
  return undefined;
}

/**
 * `value` checked against `schema`, or a 400 with its field errors (paths under `root`); `fallback` names the input.
 */
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

/** Throws `error`: for a hook written as an expression. */
export function refuse(error: ServiceError): never {
  throw error;
}
