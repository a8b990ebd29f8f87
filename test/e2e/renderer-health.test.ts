// The health check tells the truth about the renderer: a backend whose Chromium cannot start answers 503 with the
// cause, the Worker's /healthz carries it, and `npm run dev` stops with one sentence instead of claiming to run.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startService } from "../../scripts/service.ts";
import { until } from "../poll";
import { type Backend, startBackend } from "./backend-process";
import { e2ePort } from "./ports.ts";

/** A file that exists and runs, but is no browser: the launch fails the way a broken Chromium does. */
const NOT_A_BROWSER = "/bin/false";

describe("the renderer's health", () => {
  let backend: Backend | undefined;
  afterAll(() => backend?.stop());

  it("the backend answers 503 naming the browser that could not be started", async () => {
    backend = await startBackend("health-test-secret", { CHROMIUM_PATH: NOT_A_BROWSER });
    const health = await until(
      async () => {
        const res = await fetch(`${backend!.url}/healthz`);
        return { status: res.status, body: (await res.json()) as { status: string; renderer: string } };
      },
      (answer) => answer.body.renderer !== "starting",
      10_000,
      100,
    );
    expect(health.status).toBe(503);
    expect(health.body.status).toBe("unavailable");
    expect(health.body.renderer).toMatch(new RegExp(`^Chromium \\(${NOT_A_BROWSER}\\) could not be started: `));
  });

  it("the backend refuses to start at all when CHROMIUM_PATH names nothing, saying so in one sentence", () => {
    const run = spawnSync(process.execPath, ["src/server.ts"], {
      cwd: new URL("../../container", import.meta.url),
      env: { ...process.env, PORT: "0", RENDER_BACKEND_SECRET: "s", CHROMIUM_PATH: "/nowhere/chromium" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      "render backend: CHROMIUM_PATH names /nowhere/chromium, which does not exist: point it at a Chromium or unset it to use the one npm install brings.",
    );
  });

  // The start would otherwise wait two minutes for health, past this test's own time limit.
  it("npm run dev's start stops with the Worker's own /healthz cause and how to mend it, instead of printing the key", async () => {
    const state = mkdtempSync(join(tmpdir(), "folio-health-"));
    try {
      const failure = await startService({
        port: e2ePort("rendererHealth"),
        persistTo: state,
        env: { CHROMIUM_PATH: NOT_A_BROWSER },
      }).then(
        () => null,
        (error: Error) => error,
      );
      expect(failure?.message).toMatch(
        new RegExp(
          `^Chromium \\(${NOT_A_BROWSER}\\) could not be (started|print a page): .+\\. Run npm install again to restore the Chromium it brings, or set CHROMIUM_PATH to a Chromium that starts on this machine\\.$`,
        ),
      );
    } finally {
      rmSync(state, { recursive: true, force: true });
    }
  });
});
