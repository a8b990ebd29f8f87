// What a local start hands `wrangler dev` as variables: the secrets of its local state (generated once, then
// kept beside its data) and the variables passed through from the environment.
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

const PASSED_THROUGH = [
  "ALLOW_PRIVATE_EGRESS",
  "DEV_LOOPBACK_WEBHOOKS",
  "DEV_SIGNING_CA",
  "SIGN_TSA_URL",
  "WEBHOOK_RETRY_SCALE",
  "PUBLIC_BASE_URL",
  "RENDER_SYNC_MAX_DATA_BYTES",
  "RENDER_MAX_BATCH_ITEMS",
  "TRIAL_STARTS_PER_HOUR_TOTAL",
  "REQUEST_LOG",
  "LATENCY_MODEL",
];

const SECRETS = ["INTERNAL_SECRET", "SIGNING_SECRET", "RENDER_BACKEND_SECRET", "PAYLOAD_SECRET"] as const;
export type Secrets = Record<(typeof SECRETS)[number], string>;
/** The Worker's variables: the secrets, where its render backend answers ("" for none), and more by name. */
export type WorkerVars = Secrets & { RENDER_BACKEND_URL: string; [name: string]: string };

/**
 * The secrets of one local state: random on its first start, then kept in the state beside its data, so
 * a restart keeps signed links and the backend pairing valid while no two states (or clones) share them.
 * A value in the environment wins over the stored one.
 */
export function localSecrets(file: string, env: NodeJS.ProcessEnv): Secrets {
  const stored: Record<string, unknown> = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  const missing = SECRETS.filter((name) => typeof stored[name] !== "string" || stored[name] === "");
  if (missing.length > 0) {
    for (const name of missing) stored[name] = randomBytes(32).toString("base64url");
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  }
  // Every name is a non-empty string now: kept, or generated above.
  const entries = SECRETS.map((name): [string, string] => [name, env[name] || String(stored[name])]);
  return Object.fromEntries(entries) as Secrets;
}

/**
 * The Worker's variables for `wrangler dev --var`. wrangler prints a line per request: the Worker's JSON line
 * (for Workers Logs) only when asked, REQUEST_LOG=json.
 */
export function workerVars(env: NodeJS.ProcessEnv, port: number, backendUrl: string, secrets: Secrets): WorkerVars {
  const passed = PASSED_THROUGH.flatMap((name): [string, string][] => {
    const value = env[name];
    return value ? [[name, value]] : [];
  });
  return {
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    REQUEST_LOG: "off",
    RENDER_BACKEND_URL: backendUrl,
    ...Object.fromEntries(passed),
    ...secrets,
  };
}

/**
 * One dotenv value, read back by wrangler exactly as written: quoted (single quotes and backticks take everything
 * literally), each `$` escaped from wrangler's variable expansion, which ignores quotes.
 */
function dotenvValue(name: string, value: string): string {
  if (/[\r\n]/.test(value))
    throw new Error(`${name} holds a line break, which a local start cannot pass to the Worker`);
  const unexpanded = value.replaceAll("$", "\\$");
  for (const quote of ["'", "`"]) if (!value.includes(quote)) return `${quote}${unexpanded}${quote}`;
  throw new Error(`${name} holds both ' and \`, which a local start cannot pass to the Worker`);
}

/**
 * Writes the Worker's variables to `file` (for `wrangler dev --env-file`), readable by the user alone: passed as
 * `--var` they would show in every process list (`ps`) on the machine.
 */
export function writeVarsFile(file: string, vars: WorkerVars): void {
  mkdirSync(dirname(file), { recursive: true });
  const lines = Object.entries(vars).map(([name, value]) => `${name}=${dotenvValue(name, value)}\n`);
  writeFileSync(file, lines.join(""), { mode: 0o600 });
  // A file left by an older start keeps its mode through writeFileSync.
  chmodSync(file, 0o600);
}
