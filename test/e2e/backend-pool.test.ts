import { createServer, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Backend, renderOn, startBackend } from "./backend-process";
import { imageSize, inspectPdf } from "./client";

// The render backend on its own, one job at a time and four jobs a page, so page reuse is observable.
const SECRET = "backend-pool-test-secret";
let backend: Backend;

function render(
  html: string,
  format: "pdf" | "png",
  options: Record<string, unknown> = {},
  timeoutMs = 30_000,
  at: Backend = backend,
) {
  return renderOn(at, { html, format, options, timeoutMs });
}

async function stats(): Promise<{
  jobs: number;
  pages_opened: number;
  idle_pages: number;
  idle_pages_holding_a_document: number;
  memory_bytes: number;
  processes: number;
  node_rss_bytes: number;
}> {
  return (await fetch(`${backend.url}/stats`, { headers: { "x-render-secret": SECRET } })).json() as never;
}

beforeAll(async () => {
  backend = await startBackend(SECRET, { RENDER_CONCURRENCY: "1", RENDER_PAGE_REUSE: "4" });
});

afterAll(() => backend?.stop());

describe("render backend page reuse", () => {
  it("serves consecutive jobs on one page without carrying a document, a refusal or a viewport over", async () => {
    const first = await render("<p>first-marker</p>", "pdf");
    expect(first.status).toBe(200);
    expect((await inspectPdf(first.bytes)).text).toContain("first-marker");

    const refused = await render('<p>refused</p><img src="https://127.0.0.1/logo.png">', "pdf");
    expect(refused.status).toBe(400);
    expect(refused.json().error).toMatchObject({
      type: "asset_blocked",
      details: { url: "https://127.0.0.1/logo.png" },
    });

    const small = await render("<body style='margin:0;background:#123'>small</body>", "png", {
      width: 400,
      height: 300,
      full_page: false,
    });
    expect(imageSize(small.bytes)).toEqual({ type: "png", width: 400, height: 300 });
    const standard = await render("<body style='margin:0'>default</body>", "png", { full_page: false });
    expect(imageSize(standard.bytes)).toEqual({ type: "png", width: 1280, height: 800 });
    // Four jobs, one page: the refusal did not retire it; the fourth job used up its allowance.
    expect((await stats()).pages_opened).toBe(1);

    const second = await render("<p>second-marker</p>", "pdf");
    expect(second.status).toBe(200);
    const text = (await inspectPdf(second.bytes)).text;
    expect(text).toContain("second-marker");
    expect(text).not.toContain("first-marker");
    expect((await stats()).pages_opened).toBe(2);
  });

  it("keeps the CSP and the document origin on a reused page: no script runs, no connection leaves", async () => {
    const connections: Socket[] = [];
    const listener = createServer((socket) => {
      connections.push(socket);
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    const port = (listener.address() as { port: number }).port;
    try {
      // Render until a new page opens: the next job is then that page's second, rewritten in place.
      const opened = (await stats()).pages_opened;
      while ((await stats()).pages_opened === opened) expect((await render("<p>warm-up</p>", "pdf")).status).toBe(200);
      const hostile = `<p id="out">script-did-not-run</p>
        <script>document.getElementById("out").textContent = "SCRIPT-RAN"; fetch("https://127.0.0.1:${port}/fetch"); new WebSocket("ws://127.0.0.1:${port}/ws");</script>`;
      const before = (await stats()).pages_opened;
      const attacked = await render(hostile, "pdf");
      expect((await stats()).pages_opened).toBe(before);
      expect(attacked.status, attacked.bytes.toString("utf8").slice(0, 400)).toBe(200);
      const text = (await inspectPdf(attacked.bytes)).text;
      expect(text).toContain("script-did-not-run");
      expect(text).not.toContain("SCRIPT-RAN");
      const after = await render("<p>after-the-hostile-job</p>", "pdf");
      expect((await inspectPdf(after.bytes)).text).toContain("after-the-hostile-job");
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(connections).toHaveLength(0);
    } finally {
      listener.close();
    }
  });

  it("retires a page whose job timed out instead of handing it to the next job", async () => {
    const before = await stats();
    const heavy = `<body>${"<table><tr><td>cell</td><td>cell</td></tr></table>".repeat(20_000)}</body>`;
    const late = await render(heavy, "pdf", {}, 30);
    expect(late.status).toBe(500);
    expect(late.json().error).toMatchObject({ type: "render_failed", details: { reason: "timeout" } });
    const next = await render("<p>after the timeout</p>", "pdf");
    expect(next.status).toBe(200);
    expect((await inspectPdf(next.bytes)).text).toContain("after the timeout");
    expect((await stats()).pages_opened).toBe(before.pages_opened + 1);
  });

  it("empties a page's document once the page sits idle, and a large one before the page is pooled again", async () => {
    const idle = async () => {
      for (let tries = 0; tries < 100; tries++) {
        const now = await stats();
        if (now.idle_pages === 1) return now;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error("the page never went back to the pool");
    };
    expect((await render("<p>small document</p>", "pdf")).status).toBe(200);
    await idle();
    await expect
      .poll(async () => (await stats()).idle_pages_holding_a_document, { timeout: 5_000, interval: 100 })
      .toBe(0);

    const large = `<body>${"<p>a line of a long document</p>".repeat(10_000)}</body>`;
    expect((await render(large, "pdf")).status).toBe(200);
    expect((await idle()).idle_pages_holding_a_document).toBe(0);
  });

  it("reports the memory of Node and every Chromium process under it, behind the secret", async () => {
    const memory = await stats();
    expect(memory.processes).toBeGreaterThan(1);
    expect(memory.memory_bytes).toBeGreaterThan(memory.node_rss_bytes / 2);
    expect((await fetch(`${backend.url}/stats`)).status).toBe(401);
  });

  it("screenshots on every page of a four-page pool: a page waiting its turn still gets frames", async () => {
    const wide = await startBackend(SECRET, { RENDER_CONCURRENCY: "4" });
    try {
      const invoice = `<body>${"<p>line</p>".repeat(80)}</body>`;
      const pdfs = await Promise.all(Array.from({ length: 4 }, () => render(invoice, "pdf", {}, 30_000, wide)));
      expect(pdfs.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      for (let i = 0; i < 8; i++) {
        const shot = await render(`<body style="margin:0">shot ${i}</body>`, "png", { full_page: true }, 5_000, wide);
        expect(shot.status, shot.bytes.toString("utf8").slice(0, 200)).toBe(200);
        expect(imageSize(shot.bytes).width).toBe(1280);
      }
    } finally {
      wide.stop();
    }
  });
});
