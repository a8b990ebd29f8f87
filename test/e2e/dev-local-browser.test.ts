import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ChildProcess } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ESM script shared with `npm run dev`
import { startService } from "../../scripts/service.mjs";

// Its own service on its own port, with the local Browser Rendering binding instead of the render backend.
const PORT = Number(process.env.E2E_PORT ?? 8790) + 16;

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
      return [{ pid: Number(pid), name: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), ppid: Number(fields[1]), pgid: Number(fields[2]), zombie: fields[0] === "Z" }];
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

const alive = (pid: number) => processes().some((p) => p.pid === pid && p.name.startsWith("chrom") && !p.zombie);

describe("the local Browser Rendering's Chrome", () => {
  const state = mkdtempSync(join(tmpdir(), "folio-local-browser-"));
  afterAll(() => rmSync(state, { recursive: true, force: true }));

  it("ends with its service, even when wrangler dev dies without closing it", async () => {
    let browsers: number[] = [];
    const service = (await startService({ port: PORT, persistTo: state, env: { FOLIO_CHROMIUM_DRIVER: "browser-rendering" } })) as { baseUrl: string; apiKey: string; child: ChildProcess; stop(): Promise<void> };
    try {
      const headers = { authorization: `Bearer ${service.apiKey}`, "content-type": "application/json" };
      const post = (path: string, body: unknown) => fetch(`${service.baseUrl}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
      expect((await post("/v1/templates", { name: "hello", source: "<p>Hello {{ n }}</p>" })).status).toBe(201);
      const res = await post("/v1/render", { template: "hello", data: { n: 1 } });
      expect(res.status, await res.text()).toBe(200);
      browsers = browsersOf(service.child.pid!);
      expect(browsers.length).toBeGreaterThan(0);

      // Killed outright, wrangler closes nothing: its Chrome, in a process group of its own, lives on.
      const exited = new Promise((resolve) => service.child.once("exit", resolve));
      process.kill(-service.child.pid!, "SIGKILL");
      await exited;
      expect(browsers.filter(alive)).toEqual(browsers);
    } finally {
      await service.stop();
    }
    // Stopping the service ends them: nothing of a stopped dev server keeps running.
    await expect.poll(() => browsers.filter(alive), { timeout: 10_000 }).toEqual([]);
  });
});
