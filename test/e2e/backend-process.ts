import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import type { AccessibilityAtPrint } from "@folio/render-page/accessibility-at-print";
import { jobToWire } from "@folio/render-page/job-contract";

// The render backend run on its own, as its own process, for the tests that drive it directly.

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface Backend {
  process: ChildProcess;
  url: string;
  secret: string;
  stop(): void;
}

/** Starts `container/src/server.ts` on a free port with `settings` and waits until it listens. */
export async function startBackend(secret: string, settings: Record<string, string> = {}): Promise<Backend> {
  const port = await freePort();
  const child = spawn(process.execPath, ["src/server.ts"], {
    cwd: new URL("../../container", import.meta.url),
    env: { ...process.env, PORT: String(port), RENDER_BACKEND_SECRET: secret, ...settings },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk) => String(chunk).includes("listening") && resolve());
    child.once("exit", (code) => reject(new Error(`render backend exited with ${code}`)));
  });
  // SIGTERM first, SIGKILL if it is still there 8 s later: a test never leaves a backend running behind it.
  const stop = () => {
    child.kill("SIGTERM");
    setTimeout(() => child.exitCode === null && child.signalCode === null && child.kill("SIGKILL"), 8_000).unref();
  };
  return { process: child, url: `http://127.0.0.1:${port}`, secret, stop };
}

export interface BackendJob {
  html: string;
  format: "pdf" | "png" | "jpg";
  options?: Record<string, unknown>;
  timeoutMs?: number;
  account?: string;
  /**
   * Which half of the slots the job may use (README, "How a render stays safe"); the tests' jobs are paid unless said.
   */
  share?: "paid" | "free";
  /** A `pdfua` PDF asked mended and checked with its print. */
  accessibility?: AccessibilityAtPrint;
}

/** One POST /render, answered with the status, the bytes and the JSON reading of them. */
export async function renderOn(backend: Pick<Backend, "url" | "secret">, job: BackendJob) {
  const res = await fetch(`${backend.url}/render`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-render-secret": backend.secret },
    body: jobToWire({
      html: job.html,
      format: job.format,
      options: job.options ?? {},
      timeoutMs: job.timeoutMs ?? 30_000,
      allowPrivateEgress: false,
      accountId: job.account ?? "",
      share: job.share ?? "paid",
      ...(job.accessibility ? { accessibility: job.accessibility } : {}),
    }),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, json: () => JSON.parse(bytes.toString("utf8")) };
}
