// Folio's render backend: POST /render turns a finished HTML document into PDF, PNG or JPG with a warm
// Chromium. The Worker sends only fully rendered HTML (Liquid already applied) and the merged options.

import { timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { jobFromWire } from "@folio/render-page/job-contract";
import { JobFailure } from "@folio/render-page/job-failure";
import { readBody, send, sendFailure } from "./backend-http.ts";
import { BrowserPool } from "./browser-pool.ts";
import { chromiumBinary } from "./chromium-binary.ts";
import { dropPieces, joinPieces, printPiece } from "./chunk-routes.ts";
import { ChunkSessions } from "./chunk-sessions.ts";
import { startDenyProxy } from "./deny-proxy.ts";
import { MemoryWatch } from "./memory-watch.ts";
import { processTreeMemory, treeAnonymousBytes } from "./process-memory.ts";
import { runJob } from "./render-job.ts";
import { sideRoutes } from "./side-routes.ts";

const PORT = Number(process.env.PORT ?? 8788);
const HOST = process.env.HOST ?? "127.0.0.1";
// No built-in value, in development either: `npm run dev` hands the backend the secret it generated.
const SECRET = process.env.RENDER_BACKEND_SECRET ?? "";
if (!SECRET)
  throw new Error(
    "RENDER_BACKEND_SECRET is not set: the render backend needs the secret the Worker sends (npm run dev " +
      "generates one).",
  );

const chromium = (() => {
  try {
    return chromiumBinary();
  } catch (error) {
    console.error(`render backend: ${(error as Error).message}`);
    process.exit(1);
  }
})();
const proxy = await startDenyProxy();
const pool = new BrowserPool({
  chromium,
  maxConcurrent: Number(process.env.RENDER_CONCURRENCY ?? 4),
  maxWaitMs: Number(process.env.RENDER_MAX_WAIT_MS ?? 60_000),
  recycleAfter: Number(process.env.RENDER_RECYCLE_AFTER ?? 500),
  pageReuse: Number(process.env.RENDER_PAGE_REUSE ?? 100),
  proxyPort: proxy.port,
});

// The production container (standard-2) has 6 GiB: Chromium's heaps may take 4 of them, the rest is code and Node.
const memory = new MemoryWatch(Number(process.env.RENDER_MEMORY_LIMIT_MB ?? 4096) * 2 ** 20, () =>
  treeAnonymousBytes(),
);

function authorized(req: IncomingMessage): boolean {
  const given = Buffer.from(String(req.headers["x-render-secret"] ?? ""));
  const expected = Buffer.from(SECRET);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The printed pieces of chunked renders, until their join. */
const sessions = new ChunkSessions();
// E-invoice checks and page images, in side threads (side-routes.ts).
const side = sideRoutes();

const CONTENT_TYPES = { pdf: "application/pdf", png: "image/png", jpg: "image/jpeg" } as const;

async function render(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const receivedAt = Date.now();
  const job = jobFromWire(await readBody(req));
  // A chunk's piece stays here for the join; the Worker learns its pages and the session's total.
  if (job.chunk) return printPiece({ ...job, chunk: job.chunk }, res, { sessions, pool, memory });
  try {
    await pool.run(job.accountId, job.share, (browser, settled) =>
      runJob(pool, browser, job, memory, (outcome) => {
        settled(outcome);
        if ("error" in outcome) return sendFailure(res, outcome.error);
        const { bytes, pageCount, cut } = outcome.file;
        res.writeHead(200, {
          "content-type": CONTENT_TYPES[job.format],
          "content-length": bytes.byteLength,
          "x-page-count": String(pageCount),
          ...(cut ? { "x-pages-cut": "true" } : {}),
          "x-render-ms": String(Date.now() - receivedAt),
        });
        res.end(bytes);
      }),
    );
  } catch (error) {
    sendFailure(res, error);
  }
}

/** "starting" until one page has been printed at start, then "ok", or why it could not be. */
let printing = "starting";

/** "ok" only once a page was printed and while the browser can be launched; otherwise the cause, in one sentence. */
function rendererState(): string {
  if (pool.launchError) return `Chromium (${chromium.executablePath}) could not be started: ${pool.launchError}`;
  return printing;
}

const server = createServer((req, res) => {
  if (req.method === "GET" && req.url === "/healthz") {
    const renderer = rendererState();
    return send(res, renderer === "ok" ? 200 : 503, {
      status: renderer === "ok" ? "ok" : "unavailable",
      renderer,
      ...pool.stats,
    });
  }
  if (!authorized(req))
    return send(res, 401, { error: { type: "authentication_error", message: "Missing or wrong X-Render-Secret." } });
  if (req.method === "POST" && req.url === "/render") {
    // Only reading the job fails here (render answers its own failures): the same job would fail again.
    const unreadable = (error: unknown) => {
      console.error(`render backend: a render job could not be read: ${(error as Error).message ?? error}`);
      return new JobFailure("render_failed", "The render job could not be read.", {
        stage: "browser",
        reason: "bad_job",
        retryable: false,
      });
    };
    return void render(req, res).catch((error) =>
      sendFailure(res, error instanceof JobFailure ? error : unreadable(error)),
    );
  }
  if (req.method === "POST" && req.url === "/join")
    return void readBody(req)
      .then((text) => joinPieces(res, text, { sessions, pool, memory }))
      .catch((error) => sendFailure(res, error));
  if (req.method === "POST" && req.url === "/drop")
    return void readBody(req)
      .then((text) => dropPieces(res, text, sessions))
      .catch((error) => sendFailure(res, error));
  if (side.handle(req, res)) return;
  if (req.method === "GET" && req.url === "/proxy-log") return send(res, 200, { refused: proxy.refused });
  if (req.method === "GET" && req.url === "/stats") {
    // Walks /proc, so it is kept off /healthz, which the Worker probes on every health check.
    const memory = processTreeMemory();
    return send(res, 200, {
      ...pool.stats,
      ...side.stats,
      memory_bytes: memory.bytes,
      processes: memory.processes,
      node_rss_bytes: process.memoryUsage().rss,
    });
  }
  send(res, 404, { error: { type: "not_found", message: "No such route." } });
});

// Before listening: the first invoice would otherwise wait about a second per rule set it needs.
const { ruleSets, ms } = await side.ready;
console.log(`render backend: ${ruleSets} e-invoice schemas and rule sets loaded in ${ms} ms`);

server.listen(PORT, HOST, () => {
  console.log(
    `render backend listening on http://${HOST}:${PORT} (Chromium from ${chromium.source}: ${chromium.executablePath})`,
  );
  pool.printCheck().then(
    () => (printing = "ok"),
    (error: Error) =>
      (printing = `Chromium (${chromium.executablePath}) could not print a page: ${error.message.split("\n")[0]}`),
  );
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    // A browser stuck in a print, or a side thread mid-check, must not keep the process alive past its stop.
    setTimeout(() => process.exit(0), 5_000).unref();
    server.close();
    await pool.close();
    await proxy.close();
    await sessions.close();
    process.exit(0);
  });
}
