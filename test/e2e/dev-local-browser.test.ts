import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService } from "../../scripts/service.ts";
import { e2ePort } from "./ports.ts";

// Its own service on its own port, with the local Browser Rendering binding instead of the render backend: page
// counts of its own, and a wrangler dev this file may kill.
const PORT = e2ePort("devLocalBrowser");

interface Proc {
  pid: number;
  ppid: number;
  pgid: number;
  name: string;
  /** A zombie has ended and only waits for its parent to read its exit status. */
  zombie: boolean;
}

function processes(): Proc[] {
  return readdirSync("/proc").flatMap((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return [
        {
          pid: Number(pid),
          name: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")),
          ppid: Number(fields[1]),
          pgid: Number(fields[2]),
          zombie: fields[0] === "Z",
        },
      ];
    } catch {
      return [];
    }
  });
}

/** The browsers wrangler dev (the process group `group`) launched: their parent is one of its processes. */
function browsersOf(group: number): number[] {
  const all = processes();
  const wrangler = new Set(all.filter((p) => p.pgid === group).map((p) => p.pid));
  return all.filter((p) => p.name.startsWith("chrom") && wrangler.has(p.ppid)).map((p) => p.pid);
}

/** The directory a browser keeps its profile in (its --user-data-dir). */
function profileOf(pid: number): string {
  const flag = readFileSync(`/proc/${pid}/cmdline`, "utf8")
    .split("\0")
    .find((arg) => arg.startsWith("--user-data-dir="));
  return flag!.slice("--user-data-dir=".length);
}

const alive = (pid: number) => processes().some((p) => p.pid === pid && p.name.startsWith("chrom") && !p.zombie);

interface LocalService {
  baseUrl: string;
  apiKey: string;
  internalSecret: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The pages of every RenderBrowser session, summed (GET /healthz?detail=1). */
async function pages(service: LocalService): Promise<{ opened: number; idle: number; holdingADocument: number }> {
  const res = await fetch(`${service.baseUrl}/healthz?detail=1`, {
    headers: { "x-internal-secret": service.internalSecret },
  });
  const sessions = (
    (await res.json()) as {
      renderer_stats: {
        sessions: Array<{
          browser: { pages_opened: number; idle_pages: number; idle_pages_holding_a_document: number };
        }>;
      };
    }
  ).renderer_stats.sessions;
  const sum = (field: "pages_opened" | "idle_pages" | "idle_pages_holding_a_document") =>
    sessions.reduce((total, session) => total + session.browser[field], 0);
  return {
    opened: sum("pages_opened"),
    idle: sum("idle_pages"),
    holdingADocument: sum("idle_pages_holding_a_document"),
  };
}

describe("the local Browser Rendering driver, on a service of its own", () => {
  const state = mkdtempSync(join(tmpdir(), "folio-local-browser-"));
  let service: LocalService;
  const render = async (source: string) => {
    const headers = { authorization: `Bearer ${service.apiKey}`, "content-type": "application/json" };
    const post = (path: string, body: unknown) =>
      fetch(`${service.baseUrl}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
    const name = `doc-${Math.random().toString(36).slice(2, 8)}`;
    expect((await post("/v1/templates", { name, source })).status).toBe(201);
    const res = await post("/v1/render", { template: name, data: {} });
    expect(res.status, await res.text()).toBe(200);
  };
  /** Every page opened is back among the idle ones: no job holds one. */
  const allIdle = async () => {
    for (let tries = 0; tries < 250; tries++) {
      const now = await pages(service);
      if (now.opened > 0 && now.idle === now.opened) return now;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error("a page never went back to its session");
  };

  beforeAll(async () => {
    service = await startService({ port: PORT, persistTo: state, env: { FOLIO_CHROMIUM_DRIVER: "browser-rendering" } });
  });
  afterAll(async () => {
    await service?.stop();
    rmSync(state, { recursive: true, force: true });
  });

  it("keeps a page between jobs, and no idle page goes on holding a document", async () => {
    await render("<p>a small document</p>");
    await allIdle();
    await expect.poll(async () => (await pages(service)).holdingADocument, { timeout: 5_000, interval: 100 }).toBe(0);

    await render(`<body>${"<p>a line of a long document</p>".repeat(10_000)}</body>`);
    expect((await allIdle()).holdingADocument).toBe(0);
  });

  it("ends its Chrome with the service, even when wrangler dev dies without closing it", async () => {
    await render("<p>Hello</p>");
    const browsers = browsersOf(service.child.pid!);
    expect(browsers.length).toBeGreaterThan(0);
    const profiles = browsers.map(profileOf);

    // Killed outright, wrangler closes nothing: its Chrome, in a process group of its own, lives on.
    const exited = new Promise((resolve) => service.child.once("exit", resolve));
    process.kill(-service.child.pid!, "SIGKILL");
    await exited;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(browsers.filter(alive)).toEqual(browsers);

    // Stopping the service ends them and removes their profiles: nothing of a stopped dev server is left.
    await service.stop();
    await expect.poll(() => browsers.filter(alive), { timeout: 10_000 }).toEqual([]);
    expect(profiles.filter(existsSync)).toEqual([]);
  });
});
