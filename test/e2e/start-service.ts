import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startService } from "../../scripts/service.ts";
import { e2ePort } from "./ports.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    apiKey: string;
    internalSecret: string;
    signingSecret: string;
    /** The `wrangler dev` process the service runs under. */
    wranglerPid: number;
    /** The service's local state (D1, R2, Durable Objects) and, in `service.log` inside it, everything it printed. */
    statePath: string;
    /** The Chromium driver the service runs: the render backend, or Browser Rendering (which has no Node). */
    chromiumDriver: "backend" | "browser-rendering";
    /** Where the render backend keeps chunked renders' pieces (one folder per render id) while they are in flight. */
    chunkPiecesPath: string;
  }
}

/**
 * Starts the real service exactly as `npm run dev` does, on its own port and a fresh local state, with the project's
 * Chromium driver.
 */
export default async function setup(project: TestProject) {
  const state = mkdtempSync(join(tmpdir(), "folio-e2e-"));
  const browserRendering = project.name === "e2e-browser-rendering";
  const driver = browserRendering ? "browser-rendering" : "backend";
  const port = e2ePort(browserRendering ? "browserRendering" : "e2e");
  const service = await startService({
    port,
    persistTo: state,
    env: {
      ALLOW_PRIVATE_EGRESS: "false",
      DEV_LOOPBACK_WEBHOOKS: "false",
      WEBHOOK_RETRY_SCALE: "0.01",
      FOLIO_CHROMIUM_DRIVER: driver,
      // A chunked render's headers and footers print in slices of this many pages (1,000 in production): the
      // statement test's few pages then cross slice boundaries, where a page number could go wrong.
      MARGINS_SLICE_PAGES: "2",
      // The pieces' folder, which the chunk tests read, and an account's disk ceiling small enough to reach (512 MiB
      // in production): the statement test's pieces take 0.3 MiB.
      CHUNK_PIECES_DIR: join(state, "chunk-pieces"),
      CHUNK_DISK_ACCOUNT_MB: "3",
      // The bench's latency model, which a request turns on with its header (test/e2e/latency-model.test.ts).
      LATENCY_MODEL: "on",
    },
  });
  project.provide("baseUrl", service.baseUrl);
  project.provide("apiKey", service.apiKey);
  project.provide("internalSecret", service.internalSecret);
  project.provide("signingSecret", service.signingSecret);
  project.provide("wranglerPid", service.child.pid ?? 0);
  project.provide("statePath", state);
  project.provide("chromiumDriver", driver);
  project.provide("chunkPiecesPath", join(state, "chunk-pieces"));
  // The Worker's and the render backend's output, kept where a test can search it (for secrets, say).
  for (const stream of [service.child.stdout, service.child.stderr, service.backend?.stdout, service.backend?.stderr])
    stream?.on("data", (chunk: Buffer) => appendFileSync(join(state, "service.log"), chunk));
  return async () => {
    await service.stop();
    rmSync(state, { recursive: true, force: true });
  };
}
