import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { until } from "../poll";
import { renderOn, startBackend } from "./backend-process";

const SECRET = "backend-exit-test-secret";

/** Every live process, with its parent and command line (zombies are dead: they are left out). */
function processes(): Map<number, { parent: number; cmdline: string }> {
  const table = new Map<number, { parent: number; cmdline: string }>();
  for (const name of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const [state, parent] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (state !== "Z")
        table.set(Number(name), { parent: Number(parent), cmdline: readFileSync(`/proc/${name}/cmdline`, "utf8") });
    } catch {
      // The process ended while the table was read.
    }
  }
  return table;
}

/** The processes under `root`, each with its command line (so a reused pid is not mistaken for it). */
function descendants(root: number): Map<number, string> {
  const table = processes();
  const found = new Map<number, string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, { parent, cmdline }] of table) {
      if (!found.has(pid) && (parent === root || found.has(parent))) {
        found.set(pid, cmdline);
        grew = true;
      }
    }
  }
  return found;
}

describe("the render backend's exit", () => {
  it("takes its Chromium down with it, even when it is killed with SIGKILL", async () => {
    const started = await startBackend(SECRET);
    const backend = started.process;
    expect((await renderOn(started, { html: "<p>one render</p>", format: "pdf" })).status).toBe(200);

    const chromium = descendants(backend.pid!);
    expect([...chromium.values()].some((cmdline) => cmdline.includes("--user-data-dir"))).toBe(true);
    const exited = new Promise((resolve) => backend.once("exit", resolve));
    backend.kill("SIGKILL");
    await exited;

    const survivors = () => {
      const live = processes();
      return [...chromium].filter(([pid, cmdline]) => live.get(pid)?.cmdline === cmdline).map(([pid]) => pid);
    };
    const left = await until(
      async () => survivors(),
      (pids) => pids.length === 0,
      15_000,
      200,
    );
    for (const pid of left) process.kill(pid, "SIGKILL");
    expect(left).toEqual([]);
  });
});
