// The processes one local Folio runs (the render backend, the local migrations and `wrangler dev`): each started,
// watched until the Worker answers, and stopped.
import { type ChildProcess, type SpawnOptions, spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { chromiumBinary } from "../container/src/chromium-binary.ts";
import { internalErrorFolder } from "./fold-internal-errors.ts";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
const WRANGLER = fileURLToPath(new URL("../node_modules/wrangler/bin/wrangler.js", import.meta.url));
/** A renderer that cannot print: no wait makes it come, so starting stops with the backend's one sentence. */
const RENDERER_BROKEN = /could not (be started|print a page)/;

/** A failed start whose message says everything: it is reported alone, without the processes' output. */
export class StartRefused extends Error {}

/** A started process and what it has printed so far (nothing when its output goes to the terminal). */
export interface Started {
  process: ChildProcess;
  output: () => string;
}

function started(proc: ChildProcess): Started {
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk;
  };
  proc.stdout?.on("data", keep);
  proc.stderr?.on("data", keep);
  return { process: proc, output: () => output };
}

export function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", () => reject(new Error(`port ${port} is already in use: stop what runs there or set PORT`)));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve()));
  });
}

/** The container's render server, run from its sources on this machine with the project's Chromium. */
export async function startBackend(env: NodeJS.ProcessEnv, port: number, secret: string, inherit: boolean) {
  await assertPortFree(port);
  // Found (and unpacked on a first start) here, so a missing browser stops the start with its own sentence.
  chromiumBinary(env);
  const backend = spawn(process.execPath, ["src/server.ts"], {
    cwd: new URL("../container", import.meta.url),
    env: { ...env, PORT: String(port), HOST: "127.0.0.1", RENDER_BACKEND_SECRET: secret },
    stdio: inherit ? "inherit" : ["ignore", "pipe", "pipe"],
  });
  return started(backend);
}

/** `wrangler d1 migrations apply` on the local state, before the Worker first opens it. */
export function applyLocalMigrations(env: NodeJS.ProcessEnv, persist: string[]): void {
  const migrate = spawnSync(process.execPath, [WRANGLER, "d1", "migrations", "apply", "DB", "--local", ...persist], {
    cwd: ROOT,
    env,
    encoding: "utf8",
  });
  if (migrate.status !== 0) throw new Error(`applying local migrations failed:\n${migrate.stdout}\n${migrate.stderr}`);
}

/**
 * `wrangler dev` in a process group of its own (so stopping it ends what it started), its output piped even for a
 * terminal: on a terminal workerd's internal errors are folded into the lines that claim them, colours kept.
 */
export function startWranglerDev(args: string[], env: NodeJS.ProcessEnv, inherit: boolean): Started {
  const options: SpawnOptions = {
    cwd: ROOT,
    env: { ...env, ...(inherit && process.stderr.isTTY ? { FORCE_COLOR: "1" } : {}) },
    stdio: ["ignore", "pipe", "pipe"],
    detached: process.platform !== "win32",
  };
  const child = spawn(process.execPath, [WRANGLER, "dev", ...args], options);
  if (!inherit) return started(child);
  const fold = internalErrorFolder();
  if (child.stdout) fold(child.stdout, process.stdout);
  if (child.stderr) fold(child.stderr, process.stderr);
  return { process: child, output: () => "" };
}

export async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  backend: ChildProcess | null,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with code ${child.exitCode} before answering`);
    if (backend && backend.exitCode !== null)
      throw new Error(`the render backend exited with code ${backend.exitCode} before answering`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.status === 200) return;
      const renderer = ((await res.json()) as { checks?: { renderer?: unknown } }).checks?.renderer;
      if (typeof renderer === "string" && RENDERER_BROKEN.test(renderer)) {
        throw new StartRefused(
          `${renderer.replace(/^render backend: /, "")}. Run npm install again to restore the Chromium it ` +
            `brings, or set CHROMIUM_PATH to a Chromium that starts on this machine.`,
        );
      }
    } catch (error) {
      if (error instanceof StartRefused) throw error;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${baseUrl}/healthz did not answer 200 within ${timeoutMs} ms`);
}

/** SIGTERM to a process (to its whole group when it leads one), settled when it has exited. */
export function stopProcess(proc: ChildProcess, group: boolean): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once("exit", () => resolve());
    try {
      if (group && proc.pid !== undefined) process.kill(-proc.pid, "SIGTERM");
      else proc.kill("SIGTERM");
    } catch {
      proc.kill("SIGTERM");
    }
  });
}
