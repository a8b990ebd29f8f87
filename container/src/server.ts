// Folio's render backend: a warm Chromium behind an authenticated HTTP surface (@folio/render-page/
// backend-http-surface). This file starts it: the settings read once, the parts made and handed to the route table.

import { createServer } from "node:http";
import { BrowserPool } from "./browser-pool.ts";
import { chromiumBinary } from "./chromium-binary.ts";
import { ChunkSessions } from "./chunk-sessions.ts";
import { startDenyProxy } from "./deny-proxy.ts";
import { MemoryWatch } from "./memory-watch.ts";
import { treeAnonymousBytes } from "./process-memory.ts";
import { routeRequests } from "./route-table.ts";
import { readSettings } from "./settings.ts";
import { sideThreads } from "./side-threads.ts";

const settings = readSettings();
const chromium = (() => {
  try {
    return chromiumBinary(settings.processEnv);
  } catch (error) {
    console.error(`render backend: ${(error as Error).message}`);
    process.exit(1);
  }
})();
const proxy = await startDenyProxy();
const pool = new BrowserPool({
  chromium,
  ...settings.pool,
  processEnv: settings.processEnv,
  proxyPort: proxy.port,
});
const memory = new MemoryWatch(settings.memoryLimitBytes, () => treeAnonymousBytes());
const sessions = new ChunkSessions(settings.piecesDir, settings.pieceCeilings);
const side = sideThreads();

/** "starting" until one page has been printed at start, then "ok", or why it could not be. */
let printing = "starting";

const server = createServer(
  routeRequests({
    secret: settings.secret,
    sessions,
    pool,
    memory,
    marginsSlicePages: settings.marginsSlicePages,
    side,
    proxy,
    rendererState: () =>
      pool.launchError ? `Chromium (${chromium.executablePath}) could not be started: ${pool.launchError}` : printing,
  }),
);

// Before listening: the first invoice would otherwise wait about a second per rule set it needs.
const { ruleSets, ms } = await side.ready;
console.log(`render backend: ${ruleSets} e-invoice schemas and rule sets loaded in ${ms} ms`);

server.listen(settings.port, settings.host, () => {
  console.log(
    `render backend listening on http://${settings.host}:${settings.port} (Chromium from ${chromium.source}: ` +
      `${chromium.executablePath})`,
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
