// Miniflare's local Browser Rendering wants to download Chrome for Testing, which this network cannot reach.
// It accepts an already-installed build in the wrangler cache, so we place a wrapper there that starts Folio's
// own Chromium (container/src/chromium-binary.ts) with Folio's fonts (no sandbox: it runs as root here; every
// connection of its own refused, like the backend's proxy).
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { chromiumBinary } from "../container/src/chromium-binary.ts";

const shellQuote = (value: string) => `'${value.replace(/'/g, "'\\''")}'`;

export function ensureLocalChrome(): string {
  const chromium = chromiumBinary(process.env);
  const require = createRequire(import.meta.url);
  const source = readFileSync(join(require.resolve("miniflare"), "..", "index.js"), "utf8");
  const version = /var BROWSER_VERSION = "([\d.]+)"/.exec(source)?.[1];
  if (!version) throw new Error("could not find the Chrome version Miniflare expects");
  const cache = process.env.XDG_CACHE_HOME || join(homedir(), ".cache");
  const installDir = join(cache, ".wrangler", "chrome", `linux-${version}`);
  const executable = join(installDir, "chrome-linux64", "chrome");
  mkdirSync(join(installDir, "chrome-linux64"), { recursive: true });
  const exports = Object.entries(chromium.env).map(([name, value]) => `export ${name}=${shellQuote(value)}`);
  writeFileSync(
    executable,
    `#!/bin/sh\n${exports.join("\n")}\nexec ${shellQuote(chromium.executablePath)} --no-sandbox --disable-gpu ` +
      `--proxy-server=http://127.0.0.1:9 '--proxy-bypass-list=<-loopback>' "$@"\n`,
  );
  chmodSync(executable, 0o755);
  writeFileSync(join(installDir, ".miniflare-install-complete"), "");
  return executable;
}

/**
 * A temporary directory for one `wrangler dev`, where Miniflare keeps its Chrome's profile. That Chrome runs in
 * its own process group and outlives a wrangler that stops without closing it; `release` ends every browser whose
 * profile lies in the directory (its whole group: renderers included), then removes it.
 */
export function localChromeScratch(): { env: { TMPDIR: string }; release: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "folio-wrangler-"));
  const release = () => {
    for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
      let cmdline: string;
      try {
        cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      } catch {
        continue;
      }
      if (!cmdline.includes(`--user-data-dir=${dir}/`)) continue;
      try {
        process.kill(-Number(pid), "SIGKILL");
      } catch {
        try {
          process.kill(Number(pid), "SIGKILL");
        } catch {}
      }
    }
    // A Chrome still going down may write its profile a moment longer.
    rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  };
  return { env: { TMPDIR: dir }, release };
}
