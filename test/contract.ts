import type { RouteConfig, z } from "@hono/zod-openapi";
import { ErrorEnvelopeSchema } from "../src/errors";
import { endpoints } from "../src/routes";

/** Paths that answer outside the API's routes (documents, pages, the agent server): no route schema applies. */
const OUTSIDE_THE_API = /^\/(openapi\.json|docs(\/.*)?|mcp|studio(\/.*)?)?$/;

const ROUTES = endpoints.map(({ route }) => ({
  route,
  pattern: new RegExp(`^${route.path.replace(/\{\w+\}/g, "[^/]+")}$`),
}));

function routeFor(method: string, pathname: string): RouteConfig | undefined {
  return ROUTES.find(({ route, pattern }) => route.method === method.toLowerCase() && pattern.test(pathname))?.route;
}

/** Where `answer` holds a key its schema does not name (zod drops those from what it parses). */
function undocumentedKeys(answer: unknown, parsed: unknown, at = ""): string[] {
  if (Array.isArray(answer) && Array.isArray(parsed))
    return answer.flatMap((item, index) => undocumentedKeys(item, parsed[index], `${at}[${index}]`));
  if (!answer || typeof answer !== "object" || !parsed || typeof parsed !== "object") return [];
  return Object.entries(answer).flatMap(([key, value]) =>
    key in parsed
      ? undocumentedKeys(value, (parsed as Record<string, unknown>)[key], at ? `${at}.${key}` : key)
      : [at ? `${at}.${key}` : key],
  );
}

/**
 * Why a JSON answer breaks the contract, or null when it keeps it: an API route's answer must have a status the
 * route documents, and a body its schema for that status accepts, every key of it documented. An answer from no
 * route (an unknown path) must be the error envelope.
 */
export function contractBreach(method: string, path: string, status: number, json: unknown): string | null {
  const pathname = new URL(path, "http://localhost").pathname;
  if (OUTSIDE_THE_API.test(pathname)) return null;
  const route = routeFor(method, pathname);
  let schema: z.ZodType | undefined = ErrorEnvelopeSchema;
  if (route) {
    const response = route.responses[status];
    if (!response) return `${method} ${route.path} answered ${status}, which the route does not document`;
    schema = (response as { content?: Record<string, { schema?: z.ZodType }> }).content?.["application/json"]?.schema;
    if (!schema) return `${method} ${route.path} answered JSON with ${status}, documented as no JSON`;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) return `${method} ${pathname} ${status}: ${JSON.stringify(parsed.error.issues)}`;
  const extra = undocumentedKeys(json, parsed.data);
  return extra.length ? `${method} ${pathname} ${status}: undocumented ${extra.join(", ")}` : null;
}
