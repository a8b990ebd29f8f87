import { createRoute, z } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { errorResponses } from "../../errors";
import { type AppContext, endpoint } from "../../lib/endpoint";
import type { Services } from "../../services";
import { jsonContent } from "../schemas";

const CHECK_TIMEOUT_MS = 2_000;
/** The renderer's counters take longer (the backend walks its processes for their memory). */
const STATS_TIMEOUT_MS = 5_000;

async function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function probe(check: () => Promise<unknown>): Promise<string> {
  try {
    await withinTime(check(), CHECK_TIMEOUT_MS);
    return "ok";
  } catch (error) {
    return (error as Error).message || "unreachable";
  }
}

/** The Chromium driver's name and counters (jobs, pages opened, memory per instance), or why they could not be read. */
async function rendererStats(services: Services): Promise<Record<string, unknown>> {
  try {
    const driver = services.chromium();
    return { driver: driver.name, ...(await withinTime(driver.stats(), STATS_TIMEOUT_MS)) };
  } catch (error) {
    return { driver: services.renderer, error: (error as Error).message || String(error) };
  }
}

/** Real round trips to each dependency, run in parallel so one slow one costs its own timeout only. */
async function checkDependencies(services: Services) {
  const [database, storage, renderer] = await Promise.all([
    probe(() => services.db.run(sql`SELECT 1`)),
    probe(() => services.files.head("healthz/probe")),
    probe(async () => {
      const state = await services.chromium().health();
      if (state !== "ok") throw new Error(state);
    }),
  ]);
  return { database, storage, renderer };
}

const HealthSchema = z
  .object({
    status: z.enum(["ok", "unavailable"]),
    checks: z.record(z.string(), z.string()).openapi({ example: { database: "ok", storage: "ok", renderer: "ok" } }),
    renderer_stats: z
      .record(z.string(), z.unknown())
      .optional()
      .openapi({
        description:
          "With `detail=1` only: the Chromium `driver` and its counters, or `error`. `backend`: the render " +
          "backend's own (jobs, pages opened, pages busy and waiting, memory). `container`: `instances`, each " +
          "with this Worker's jobs, failures and `backend` (null while it sleeps). `browser-rendering`: " +
          "`sessions`, each with this Worker's jobs and its `browser` (jobs, pages opened, launches).",
        example: { driver: "backend", jobs: 120, pages_opened: 2, active: 1, queued: 0, memory_bytes: 480000000 },
      }),
  })
  .openapi("Health");

const HealthQuery = z.object({
  detail: z
    .enum(["1"])
    .optional()
    .openapi({
      description:
        "`1` adds `renderer_stats`; it needs the `X-Internal-Secret` header. Without it the check stays as " +
        "cheap as ever.",
    }),
});

const route = createRoute({
  method: "get",
  path: "/healthz",
  security: [],
  operationId: "health",
  tags: ["Service"],
  summary: "Health of the service and its dependencies (no authentication)",
  request: { query: HealthQuery },
  responses: {
    200: jsonContent(HealthSchema, "Every dependency answered."),
    503: jsonContent(HealthSchema, "A dependency is unreachable; `checks` says which."),
    // `detail=1` without the internal secret.
    ...errorResponses("authentication_error"),
  },
});

async function answer(c: AppContext, detail: boolean) {
  const services = c.var.services;
  const [checks, stats] = await Promise.all([
    checkDependencies(services),
    detail ? rendererStats(services) : undefined,
  ]);
  const healthy = Object.values(checks).every((v) => v === "ok");
  return c.json(
    {
      status: healthy ? ("ok" as const) : ("unavailable" as const),
      checks,
      ...(stats ? { renderer_stats: stats } : {}),
    },
    healthy ? 200 : 503,
  );
}

export const healthzEndpoint = endpoint(
  route,
  (c) => answer(c, c.req.valid("query").detail === "1"),
  // `detail` other than `1` asks for nothing more: the cheap check, as without it.
  (result, c) => (result.success ? undefined : answer(c, false)),
);
