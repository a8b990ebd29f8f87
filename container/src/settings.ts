// The render backend's settings: the one place that reads the environment, once at start; every part is handed
// what it needs. A setting that is not a number where one is needed stops the backend at start.
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ACCOUNT_PIECES_MIB, INSTANCE_PIECES_MIB } from "@folio/render-page/chunk-limits";

const MIB = 2 ** 20;

/** How much disk chunked renders' printed pieces may take (docs/limits.md#disk-and-money). */
export interface PieceCeilings {
  accountBytes: number;
  instanceBytes: number;
}

export interface BackendSettings {
  port: number;
  host: string;
  /** The secret the Worker sends with every request but the health probe. */
  secret: string;
  /** The environment Chromium starts in (its own fonts are added to it), `CHROMIUM_PATH` among it. */
  processEnv: NodeJS.ProcessEnv;
  pool: { maxConcurrent: number; maxWaitMs: number; recycleAfter: number; pageReuse: number };
  /** Chromium's heaps' ceiling: the production container (standard-2) has 6 GiB, the rest is code and Node. */
  memoryLimitBytes: number;
  /** Where chunked renders' pieces are kept (the e2e service reads it): emptied at start. */
  piecesDir: string;
  /** Settable so that the e2e service reaches an account's ceiling with a few pieces. */
  pieceCeilings: PieceCeilings;
  /**
   * Pages of a join's margins document per print: each slice's time and memory stay those of a short document. A
   * setting only so that the e2e service can cross slice boundaries with a short statement.
   */
  marginsSlicePages: number;
}

/** A whole number of `unit` from `env[name]`, or `fallback`. */
function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, unit: string): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number of ${unit}, not ${value}`);
  return value;
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): BackendSettings {
  // No built-in value, in development either: `npm run dev` hands the backend the secret it generated.
  const secret = env.RENDER_BACKEND_SECRET ?? "";
  if (!secret)
    throw new Error(
      "RENDER_BACKEND_SECRET is not set: the render backend needs the secret the Worker sends (npm run dev " +
        "generates one).",
    );
  return {
    port: Number(env.PORT ?? 8788),
    host: env.HOST ?? "127.0.0.1",
    secret,
    processEnv: env,
    pool: {
      maxConcurrent: Number(env.RENDER_CONCURRENCY ?? 4),
      maxWaitMs: Number(env.RENDER_MAX_WAIT_MS ?? 60_000),
      recycleAfter: Number(env.RENDER_RECYCLE_AFTER ?? 500),
      pageReuse: Number(env.RENDER_PAGE_REUSE ?? 100),
    },
    memoryLimitBytes: Number(env.RENDER_MEMORY_LIMIT_MB ?? 4096) * MIB,
    piecesDir: env.CHUNK_PIECES_DIR ?? join(tmpdir(), `folio-chunks-${process.pid}`),
    pieceCeilings: {
      accountBytes: whole(env, "CHUNK_DISK_ACCOUNT_MB", ACCOUNT_PIECES_MIB, "MiB") * MIB,
      instanceBytes: whole(env, "CHUNK_DISK_INSTANCE_MB", INSTANCE_PIECES_MIB, "MiB") * MIB,
    },
    marginsSlicePages: whole(env, "MARGINS_SLICE_PAGES", 1_000, "pages"),
  };
}
