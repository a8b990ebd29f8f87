// Starts Folio locally the way `npm run dev` does: local migrations, `wrangler dev`, a health wait,
// and the API key of the local state's development account. Shared by the dev command, the e2e tests and the bench.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromiumBinary } from "../container/src/chromium-binary.ts";
import { developmentAccount } from "./dev-account.mjs";
import { internalErrorFolder } from "./fold-internal-errors.mjs";
import { ensureLocalChrome, localChromeScratch } from "./local-chrome.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const PASSED_THROUGH = [
  "ALLOW_PRIVATE_EGRESS",
  "WEBHOOK_RETRY_SCALE",
  "PUBLIC_BASE_URL",
  "RENDER_SYNC_MAX_DATA_BYTES",
  "RENDER_MAX_BATCH_ITEMS",
  "TRIAL_STARTS_PER_HOUR_TOTAL",
  "REQUEST_LOG",
];
const QUIET = { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

const SECRETS = ["INTERNAL_SECRET", "SIGNING_SECRET", "RENDER_BACKEND_SECRET", "PAYLOAD_SECRET"];
/** `wrangler dev` fires no cron trigger by itself: the starter fires the Worker's every-minute one, as Cloudflare does. */
const CRON_EVERY_MS = 60_000;
/** Where wrangler keeps local D1, R2 and Durable Object data when no --persist-to is given. */
const DEFAULT_STATE = join(ROOT, ".wrangler", "state");

/**
 * The secrets of one local state: random on its first start, then kept in the state beside its data, so
 * a restart keeps signed links and the backend pairing valid while no two states (or clones) share them.
 * A value in the environment wins over the stored one.
 */
function localSecrets(file, env) {
  const stored = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  const missing = SECRETS.filter((name) => typeof stored[name] !== "string" || stored[name] === "");
  if (missing.length > 0) {
    for (const name of missing) stored[name] = randomBytes(32).toString("base64url");
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  }
  return Object.fromEntries(SECRETS.map((name) => [name, env[name] || stored[name]]));
}

function wrangler(args, options) {
  return spawn(
    process.execPath,
    [fileURLToPath(new URL("../node_modules/wrangler/bin/wrangler.js", import.meta.url)), ...args],
    { cwd: ROOT, ...options },
  );
}

/** A renderer that cannot print: no wait makes it come, so starting stops with the backend's one sentence. */
const RENDERER_BROKEN = /could not (be started|print a page)/;

async function waitForHealth(baseUrl, child, backend, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with code ${child.exitCode} before answering`);
    if (backend && backend.exitCode !== null)
      throw new Error(`the render backend exited with code ${backend.exitCode} before answering`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.status === 200) return;
      const renderer = (await res.json()).checks?.renderer;
      if (typeof renderer === "string" && RENDERER_BROKEN.test(renderer)) {
        throw Object.assign(
          new Error(
            `${renderer.replace(/^render backend: /, "")}. Run npm install again to restore the Chromium it brings, or set CHROMIUM_PATH to a Chromium that starts on this machine.`,
          ),
          { brief: true },
        );
      }
    } catch (error) {
      if (error.brief) throw error;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${baseUrl}/healthz did not answer 200 within ${timeoutMs} ms`);
}

function assertPortFree(port) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", () => reject(new Error(`port ${port} is already in use: stop what runs there or set PORT`)));
    probe.listen(port, "127.0.0.1", () => probe.close(resolve));
  });
}

/**
 * @param {{ port?: number, env?: Record<string, string | undefined>, persistTo?: string, stdio?: "inherit" | "pipe" }} options
 */
export async function startService(options = {}) {
  const env = { ...process.env, ...QUIET, ...(options.env ?? {}) };
  const port = Number(options.port ?? env.PORT ?? 8787);
  const baseUrl = `http://127.0.0.1:${port}`;
  const state = options.persistTo ?? DEFAULT_STATE;
  const secretsFile = join(state, "folio-secrets.json");
  const secrets = localSecrets(secretsFile, env);
  // wrangler prints a line per request: the Worker's JSON line (for Workers Logs) only when asked, REQUEST_LOG=json.
  const vars = {
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    REQUEST_LOG: "off",
    RENDER_BACKEND_URL:
      (env.FOLIO_CHROMIUM_DRIVER ?? "backend") === "backend"
        ? `http://127.0.0.1:${Number(env.RENDER_BACKEND_PORT ?? port + 1)}`
        : "",
    ...Object.fromEntries(PASSED_THROUGH.filter((k) => env[k]).map((k) => [k, env[k]])),
    ...secrets,
  };
  await assertPortFree(port);
  // FOLIO_CHROMIUM_DRIVER=browser-rendering uses the BROWSER binding (Miniflare's local Browser Rendering)
  // instead of the container render backend.
  const useBackend = (env.FOLIO_CHROMIUM_DRIVER ?? "backend") === "backend";
  const backendPort = Number(env.RENDER_BACKEND_PORT ?? port + 1);
  let backend = null;
  let backendOutput = "";
  if (useBackend) {
    await assertPortFree(backendPort);
    // Found (and unpacked on a first start) here, so a missing browser stops the start with its own sentence.
    chromiumBinary(env);
    backend = spawn(process.execPath, ["src/server.ts"], {
      cwd: new URL("../container", import.meta.url),
      env: {
        ...env,
        PORT: String(backendPort),
        HOST: "127.0.0.1",
        RENDER_BACKEND_SECRET: secrets.RENDER_BACKEND_SECRET,
      },
      stdio: options.stdio === "inherit" ? "inherit" : ["ignore", "pipe", "pipe"],
    });
    backend.stdout?.on("data", (d) => (backendOutput += d));
    backend.stderr?.on("data", (d) => (backendOutput += d));
  } else {
    ensureLocalChrome();
  }
  const persist = options.persistTo ? ["--persist-to", options.persistTo] : [];

  const migrate = spawnSync(
    process.execPath,
    [
      fileURLToPath(new URL("../node_modules/wrangler/bin/wrangler.js", import.meta.url)),
      "d1",
      "migrations",
      "apply",
      "DB",
      "--local",
      ...persist,
    ],
    { cwd: ROOT, env, encoding: "utf8" },
  );
  if (migrate.status !== 0) {
    backend?.kill("SIGTERM");
    throw new Error(`applying local migrations failed:\n${migrate.stdout}\n${migrate.stderr}`);
  }

  const chromeScratch = useBackend ? null : localChromeScratch();
  const varArgs = Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const inherit = options.stdio === "inherit";
  const child = wrangler(
    [
      "dev",
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--show-interactive-dev-session=false",
      "--test-scheduled",
      ...persist,
      ...varArgs,
    ],
    {
      // Piped even for a terminal (so internal errors can be folded); colours kept when the terminal has them.
      env: { ...env, ...chromeScratch?.env, ...(inherit && process.stderr.isTTY ? { FORCE_COLOR: "1" } : {}) },
      stdio: ["ignore", "pipe", "pipe"],
      detached: process.platform !== "win32",
    },
  );
  let output = "";
  if (inherit) {
    const fold = internalErrorFolder();
    fold(child.stdout, process.stdout);
    fold(child.stderr, process.stderr);
  } else {
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
  }
  const stopOne = (proc, group) =>
    new Promise((resolve) => {
      if (proc.exitCode !== null || proc.signalCode !== null) return resolve(undefined);
      proc.once("exit", () => resolve(undefined));
      try {
        if (group) process.kill(-proc.pid, "SIGTERM");
        else proc.kill("SIGTERM");
      } catch {
        proc.kill("SIGTERM");
      }
    });
  const cron = setInterval(
    () => void fetch(`${baseUrl}/__scheduled?cron=${encodeURIComponent("* * * * *")}`).catch(() => undefined),
    CRON_EVERY_MS,
  );
  cron.unref();
  const stop = async () => {
    clearInterval(cron);
    await Promise.all([stopOne(child, true), ...(backend ? [stopOne(backend, false)] : [])]);
    chromeScratch?.release();
  };

  try {
    await waitForHealth(baseUrl, child, backend, 120_000);
  } catch (error) {
    await stop();
    if (error.brief) throw error;
    throw new Error(
      `${error.message}\n--- wrangler output ---\n${output}\n--- render backend output ---\n${backendOutput}`,
    );
  }

  const internalSecret = secrets.INTERNAL_SECRET;
  const accountFile = join(state, "folio-dev-account.json");
  let account;
  try {
    account = await developmentAccount({ baseUrl, internalSecret, file: accountFile });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    mcpUrl: `http://127.0.0.1:${port}/mcp`,
    backendUrl: vars.RENDER_BACKEND_URL,
    apiKey: account.api_key,
    accountId: account.account_id,
    keyId: account.key_id,
    plan: account.plan,
    accountFile,
    internalSecret,
    signingSecret: secrets.SIGNING_SECRET,
    backendSecret: secrets.RENDER_BACKEND_SECRET,
    payloadSecret: secrets.PAYLOAD_SECRET,
    secretsFile,
    child,
    backend,
    stop,
    output: () => output,
  };
}
