// Starts Folio locally the way `npm run dev` does: local migrations, `wrangler dev`, a health wait,
// and the API key of the local state's development account. Shared by the dev command, the e2e tests and the bench.
import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { developmentAccount } from "./dev-account.ts";
import { startDevelopmentAuthority } from "./dev-tsa.ts";
import { freePortBlock } from "./free-ports.ts";
import { ensureLocalChrome, localChromeScratch } from "./local-chrome.ts";
import {
  applyLocalMigrations,
  assertPortFree,
  ROOT,
  type Started,
  StartRefused,
  startBackend,
  startWranglerDev,
  stopProcess,
  waitForHealth,
} from "./service-processes.ts";
import { localSecrets, type WorkerVars, workerVars, writeVarsFile } from "./service-vars.ts";

const QUIET = { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

/**
 * `wrangler dev` fires no cron trigger by itself: the starter fires the Worker's every-minute one, as Cloudflare does.
 */
const CRON_EVERY_MS = 60_000;
/** Where wrangler keeps local D1, R2 and Durable Object data when no --persist-to is given. */
export const DEFAULT_STATE = join(ROOT, ".wrangler", "state");

export interface ServiceOptions {
  port?: number;
  env?: Record<string, string | undefined>;
  persistTo?: string;
  stdio?: "inherit" | "pipe";
}

/** A running local Folio: where it answers, the development account's key, its secrets, and how to stop it. */
export interface Service {
  baseUrl: string;
  mcpUrl: string;
  backendUrl: string;
  apiKey: string;
  accountId: string;
  keyId: string;
  plan: string;
  accountFile: string;
  internalSecret: string;
  signingSecret: string;
  backendSecret: string;
  payloadSecret: string;
  /** B-T's time-stamp authority (SIGN_TSA_URL): the development authority unless one was given. */
  tsaUrl: string;
  secretsFile: string;
  child: ChildProcess;
  backend: ChildProcess | null;
  stop: () => Promise<void>;
  output: () => string;
}

/** Fires the Worker's every-minute cron trigger until stopped. */
function fireCron(baseUrl: string): () => void {
  const cron = setInterval(
    () => void fetch(`${baseUrl}/__scheduled?cron=${encodeURIComponent("* * * * *")}`).catch(() => undefined),
    CRON_EVERY_MS,
  );
  cron.unref();
  return () => clearInterval(cron);
}

/** What one start runs: where, with which variables, and whether its output goes to the terminal. */
interface Launch {
  env: NodeJS.ProcessEnv;
  port: number;
  /** The render backend's port, or null when the Worker drives Chromium through the BROWSER binding. */
  backendPort: number | null;
  persistTo: string | undefined;
  /** The file the Worker's variables are written to for wrangler, in the local state. */
  varsFile: string;
  vars: WorkerVars;
  inherit: boolean;
}

/** The render backend (or the local Chrome), the migrations and `wrangler dev`, with one stop for all of them. */
async function startProcesses({ env, port, backendPort, persistTo, varsFile, vars, inherit }: Launch) {
  await assertPortFree(port);
  let backend: Started | null = null;
  if (backendPort !== null) backend = await startBackend(env, backendPort, vars.RENDER_BACKEND_SECRET, inherit);
  else ensureLocalChrome();
  const persist = persistTo ? ["--persist-to", persistTo] : [];
  try {
    applyLocalMigrations(env, persist);
  } catch (error) {
    backend?.process.kill("SIGTERM");
    throw error;
  }

  const chromeScratch = backendPort !== null ? null : localChromeScratch();
  writeVarsFile(varsFile, vars);
  // wrangler takes 9229 for its inspector whenever it finds it free: two services starting at one moment (the test
  // runs side by side, a suite beside `npm run dev`) would both find it so, and the second stop. Each gets its own.
  const inspectorPort = await freePortBlock(1);
  const devArgs = [
    ...["--port", String(port), "--ip", "127.0.0.1", "--inspector-port", String(inspectorPort)],
    "--show-interactive-dev-session=false",
  ];
  const wrangler = startWranglerDev(
    [...devArgs, "--test-scheduled", ...persist, "--env-file", varsFile],
    { ...env, ...chromeScratch?.env },
    inherit,
  );
  const stopCron = fireCron(`http://127.0.0.1:${port}`);
  const stop = async () => {
    stopCron();
    await Promise.all([stopProcess(wrangler.process, true), ...(backend ? [stopProcess(backend.process, false)] : [])]);
    chromeScratch?.release();
  };
  return { wrangler, backend, stop };
}

/** Starts the processes, waits for the Worker's health, then makes sure of the development account. */
export async function startService(options: ServiceOptions = {}): Promise<Service> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...QUIET, ...(options.env ?? {}) };
  const port = Number(options.port ?? env.PORT ?? 8787);
  const baseUrl = `http://127.0.0.1:${port}`;
  // FOLIO_STATE: another local state than the repository's (a second `npm run dev` beside the first, or a test).
  const state = options.persistTo ?? env.FOLIO_STATE ?? DEFAULT_STATE;
  const secretsFile = join(state, "folio-secrets.json");
  const secrets = localSecrets(secretsFile, env);
  // FOLIO_CHROMIUM_DRIVER=browser-rendering uses the BROWSER binding (Miniflare's local Browser Rendering)
  // instead of the container render backend.
  const backendPort =
    (env.FOLIO_CHROMIUM_DRIVER ?? "backend") === "backend" ? Number(env.RENDER_BACKEND_PORT ?? port + 1) : null;
  // B-T's time-stamp authority: the one given, else the local state's development authority, served from here.
  const authority = env.SIGN_TSA_URL ? null : await startDevelopmentAuthority(join(state, "folio-dev-tsa.json"));
  const tsaUrl = env.SIGN_TSA_URL || authority?.url;
  const backendUrl = backendPort === null ? "" : `http://127.0.0.1:${backendPort}`;
  const vars = workerVars({ ...env, SIGN_TSA_URL: tsaUrl }, port, backendUrl, secrets);
  const inherit = options.stdio === "inherit";
  const processes = await startProcesses({
    env,
    port,
    backendPort,
    persistTo: options.persistTo ?? env.FOLIO_STATE,
    varsFile: join(state, "folio-worker.env"),
    vars,
    inherit,
  }).catch(async (error: unknown) => {
    await authority?.close();
    throw error;
  });
  const { wrangler, backend } = processes;
  const stop = async () => {
    await processes.stop();
    await authority?.close();
  };

  try {
    await waitForHealth(baseUrl, wrangler.process, backend?.process ?? null, 120_000);
  } catch (error) {
    await stop();
    if (error instanceof StartRefused) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      `${message}\n--- wrangler output ---\n${wrangler.output()}\n--- render backend output ` +
        `---\n${backend?.output() ?? ""}`,
    );
  }

  const accountFile = join(state, "folio-dev-account.json");
  const account = await developmentAccount({
    baseUrl,
    internalSecret: secrets.INTERNAL_SECRET,
    file: accountFile,
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return {
    baseUrl,
    mcpUrl: `${baseUrl}/mcp`,
    backendUrl: vars.RENDER_BACKEND_URL,
    apiKey: account.api_key,
    accountId: account.account_id,
    keyId: account.key_id,
    plan: account.plan,
    accountFile,
    internalSecret: secrets.INTERNAL_SECRET,
    signingSecret: secrets.SIGNING_SECRET,
    backendSecret: secrets.RENDER_BACKEND_SECRET,
    payloadSecret: secrets.PAYLOAD_SECRET,
    tsaUrl: vars.SIGN_TSA_URL ?? "",
    secretsFile,
    child: wrangler.process,
    backend: backend?.process ?? null,
    stop,
    output: wrangler.output,
  };
}
