// jsreport core with its chrome-pdf recipe on the same Chromium, installed by the bench into bench/.peers
// (never by `npm install` of the service). If it cannot be installed, the results say so.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { CHROMIUM } from "./floors";

const PEERS = join(import.meta.dirname, ".peers");
/** An inert switch that marks the Chromium processes jsreport starts, so they can be found and stopped. */
const BROWSER_MARK = "--folio-bench-jsreport";

export interface JsreportPeer {
  render(html: string): Promise<Uint8Array>;
  close(): Promise<void>;
}

export async function startJsreport(): Promise<JsreportPeer | { unavailable: string }> {
  try {
    if (!existsSync(join(PEERS, "node_modules", "@jsreport", "jsreport-chrome-pdf"))) {
      mkdirSync(PEERS, { recursive: true });
      execFileSync(
        "npm",
        [
          "install",
          "--prefix",
          PEERS,
          "--no-audit",
          "--no-fund",
          "--ignore-scripts",
          "@jsreport/jsreport-core@4",
          "@jsreport/jsreport-chrome-pdf@4",
        ],
        { stdio: "pipe", timeout: 300_000 },
      );
    }
    const require = createRequire(join(PEERS, "package.json"));
    const createJsreport = require("@jsreport/jsreport-core");
    const chromePdf = require("@jsreport/jsreport-chrome-pdf");
    const jsreport = createJsreport({
      logger: { silent: true },
      reportTimeout: 60_000,
      store: { provider: "memory" },
      chrome: {
        launchOptions: {
          executablePath: CHROMIUM.executablePath,
          env: { ...process.env, ...CHROMIUM.env },
          args: ["--no-sandbox", "--disable-gpu", BROWSER_MARK],
        },
        strategy: "chrome-pool",
        numberOfWorkers: 4,
      },
    });
    jsreport.use(chromePdf());
    await jsreport.init();
    return {
      async render(html: string) {
        const result = await jsreport.render({
          template: { content: html, engine: "none", recipe: "chrome-pdf", chrome: { printBackground: true } },
        });
        return new Uint8Array(result.content);
      },
      async close() {
        await jsreport.close();
        // jsreport's chrome-pool leaves browsers behind after close() and replaces any that die while this
        // process lives, so the marked ones are reaped as the process exits.
        // `--` keeps pkill from reading the mark, which starts with dashes, as one of its own options.
        process.once("exit", () => spawnSync("pkill", ["-f", "--", BROWSER_MARK]));
      },
    };
  } catch (error) {
    return {
      unavailable: String((error as Error).message ?? error)
        .split("\n")[0]!
        .slice(0, 300),
    };
  }
}
