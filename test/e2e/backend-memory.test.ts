import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { treeAnonymousBytes } from "../../container/src/process-memory";
import { type Backend, renderOn, startBackend } from "./backend-process";

// The render backend's memory ceiling: a document that grows Chromium past it is stopped with a clear error,
// and the renders beside it go on. The ceiling is set a little above this machine's warm backend.
const SECRET = "backend-memory-test-secret";
const HEADROOM_MIB = 300;
let backend: Backend;
let ceilingMiB: number;

const small = (marker: string) => `<h1>${marker}</h1><p>A one-page document.</p>`;
/** About 12 rows a page: a long table grows the renderer by megabytes a page while it is laid out and printed. */
const long = (pages: number) =>
  `<table>${Array.from({ length: pages * 12 }, (_, i) => `<tr><td style="padding:18px">Row ${i}</td><td>${"word ".repeat(20)}</td></tr>`).join("")}</table>`;

async function warmAnonymousMiB(): Promise<number> {
  const probe = await startBackend(SECRET, { RENDER_CONCURRENCY: "2" });
  try {
    for (let i = 0; i < 3; i++)
      expect((await renderOn(probe, { html: small(`warm ${i}`), format: "pdf" })).status).toBe(200);
    return Math.ceil(treeAnonymousBytes(probe.process.pid!)! / 2 ** 20);
  } finally {
    probe.stop();
  }
}

beforeAll(async () => {
  ceilingMiB = (await warmAnonymousMiB()) + HEADROOM_MIB;
  backend = await startBackend(SECRET, { RENDER_CONCURRENCY: "2", RENDER_MEMORY_LIMIT_MB: String(ceilingMiB) });
}, 120_000);

afterAll(() => backend?.stop());

describe("render backend memory ceiling", () => {
  it("stops the largest document past the ceiling with render_failed (memory_limit), while a small render beside it succeeds", async () => {
    expect((await renderOn(backend, { html: small("before"), format: "pdf" })).status).toBe(200);
    const [huge, beside] = await Promise.all([
      renderOn(backend, { html: long(1500), format: "pdf" }),
      new Promise((resolve) => setTimeout(resolve, 300)).then(() =>
        renderOn(backend, { html: small("beside"), format: "pdf" }),
      ),
    ]);
    expect(huge.status).toBe(500);
    expect(huge.json().error).toMatchObject({
      type: "render_failed",
      details: { stage: "browser", reason: "memory_limit", limit_mib: ceilingMiB, retryable: false },
    });
    expect(huge.json().error.message).toMatch(/Split it into several renders/);
    expect(beside.status).toBe(200);
    // The stopped page was closed and its memory given back: the backend serves on, under its ceiling.
    expect((await renderOn(backend, { html: small("after"), format: "pdf" })).status).toBe(200);
    const deadline = Date.now() + 15_000;
    while (treeAnonymousBytes(backend.process.pid!)! / 2 ** 20 >= ceilingMiB && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250));
    expect(treeAnonymousBytes(backend.process.pid!)! / 2 ** 20).toBeLessThan(ceilingMiB);
  }, 120_000);
});
