import { describe, expect, inject, it } from "vitest";
import { api, createTemplate, decodePng, download, imageSize, inspectPdf, newKey } from "./client";

// Runs in both e2e projects: through the render backend, and through the Browser Rendering driver, whose
// RenderBrowser objects keep their browser connected and reuse its pages as the backend does.

/** One Chromium's counters: a render backend's, or a Browser Rendering session's browser's. */
interface PageCounters {
  jobs: number;
  pages_opened: number;
}

/** renderer_stats: per Browser Rendering session, per container instance, or one render backend's own counters. */
type RendererStats = { driver: string } & (
  | { sessions: Array<{ browser: PageCounters }> }
  | { instances: Array<{ backend: PageCounters }> }
  | PageCounters
);

/** Jobs and pages opened so far, over every instance or session of the Chromium driver (GET /healthz?detail=1). */
async function rendererTotals(): Promise<{ driver: string; jobs: number; pagesOpened: number }> {
  const res = await fetch(`${inject("baseUrl")}/healthz?detail=1`, {
    headers: { "x-internal-secret": inject("internalSecret") },
  });
  const stats = ((await res.json()) as { renderer_stats: RendererStats }).renderer_stats;
  const parts =
    "sessions" in stats
      ? stats.sessions.map((session) => session.browser)
      : "instances" in stats
        ? stats.instances.map((instance) => instance.backend)
        : [stats];
  return {
    driver: stats.driver,
    jobs: parts.reduce((sum, part) => sum + part.jobs, 0),
    pagesOpened: parts.reduce((sum, part) => sum + part.pages_opened, 0),
  };
}

async function render(key: string, source: string, format: "pdf" | "png", options: Record<string, unknown> = {}) {
  const template = await createTemplate({ name: "reuse", source }, key);
  const res = await api("POST", "/v1/render", { template, format, options }, key);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return (await download(res.json.url)).bytes;
}

describe("Chromium pages are reused job to job", () => {
  it("serves consecutive renders on a page it already had, and nothing of one job reaches the next", async () => {
    const key = await newKey();
    const before = await rendererTotals();
    expect(["backend", "browser-rendering", "container"]).toContain(before.driver);

    const first = await render(
      key,
      "<html><head><title>first-title</title><style>body{margin:0;background:#c00000}</style></head><body><p>first-marker</p></body></html>",
      "png",
      { width: 400, height: 300, full_page: false },
    );
    expect(imageSize(first)).toEqual({ type: "png", width: 400, height: 300 });
    expect(decodePng(first).pixel(5, 5)).toEqual([192, 0, 0, 255]);

    // The same page (the counters below say so), none of the first job's document, style or viewport.
    const second = await render(key, "<body style='margin:0'><p>second</p></body>", "png", { full_page: false });
    expect(imageSize(second)).toEqual({ type: "png", width: 1280, height: 800 });
    expect(decodePng(second).pixel(5, 5)).toEqual([255, 255, 255, 255]);

    const third = await inspectPdf(await render(key, "<p>third-marker</p>", "pdf"));
    expect(third.text).toContain("third-marker");
    expect(third.text).not.toMatch(/first-marker|second/);
    expect(JSON.stringify(third.info)).not.toContain("first-title");

    const after = await rendererTotals();
    expect(after.jobs - before.jobs).toBeGreaterThanOrEqual(3);
    // jobs - pages opened only grows by jobs that ran on a page opened for an earlier one: at least our last two.
    expect(after.jobs - after.pagesOpened - (before.jobs - before.pagesOpened)).toBeGreaterThanOrEqual(2);
  });
});
