import { createRoute, z } from "@hono/zod-openapi";
import type { Env } from "../../env";
import { chromiumDriver } from "../../lib/render-deps";
import { endpoint } from "../../lib/endpoint";
import { jsonContent } from "../schemas";

const CHECK_TIMEOUT_MS = 2_000;

async function probe(check: () => Promise<unknown>): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return "ok";
  } catch (error) {
    return (error as Error).message || "unreachable";
  } finally {
    clearTimeout(timer);
  }
}

/** Real round trips to each dependency, run in parallel so one slow one costs its own timeout only. */
async function checkDependencies(env: Env) {
  const [database, storage, renderer] = await Promise.all([
    probe(() => env.DB.prepare("SELECT 1").first()),
    probe(() => env.FILES.head("healthz/probe")),
    probe(async () => {
      const state = await chromiumDriver(env).health();
      if (state !== "ok") throw new Error(state);
    }),
  ]);
  return { database, storage, renderer };
}

const HealthSchema = z
  .object({ status: z.enum(["ok", "unavailable"]), checks: z.record(z.string(), z.string()).openapi({ example: { database: "ok", storage: "ok", renderer: "ok" } }) })
  .openapi("Health");

const route = createRoute({
  method: "get",
  path: "/healthz",
  security: [],
  operationId: "health",
  tags: ["Service"],
  summary: "Health of the service and its dependencies (no authentication)",
  responses: { 200: jsonContent(HealthSchema, "Every dependency answered."), 503: jsonContent(HealthSchema, "A dependency is unreachable; `checks` says which.") },
});

export const healthzEndpoint = endpoint(route, async (c) => {
  const checks = await checkDependencies(c.env);
  const healthy = Object.values(checks).every((v) => v === "ok");
  return c.json({ status: healthy ? ("ok" as const) : ("unavailable" as const), checks }, healthy ? 200 : 503);
});
