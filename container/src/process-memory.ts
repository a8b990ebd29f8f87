// Memory of the whole render backend: this Node process and every process under it (Chromium's
// browser, GPU, utility and renderer processes), since a browser that leaks does so outside Node.
// Chromium's processes share most of their pages, so each is counted by its proportional share (PSS);
// summing plain RSS would count the shared libraries once per process.
import { readdirSync, readFileSync } from "node:fs";

function parentOf(pid: number): number | null {
  try {
    return Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? -1);
  } catch {
    return null;
  }
}

/** Proportional resident bytes of one process; kernel threads and zombies hold none. */
function proportionalBytes(pid: number): number {
  try {
    return Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** Resident bytes of `root` and its descendants; without /proc (not Linux), this process's RSS alone. */
export function processTreeMemory(root = process.pid): { bytes: number; processes: number } {
  let pids: number[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name)).map(Number);
  } catch {
    return { bytes: process.memoryUsage().rss, processes: 1 };
  }
  const parents = new Map<number, number>();
  for (const pid of pids) {
    const parent = parentOf(pid);
    if (parent !== null) parents.set(pid, parent);
  }
  const tree = new Set([root]);
  // /proc lists parents and children in no guaranteed order: sweep until the tree stops growing.
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (!tree.has(pid) && tree.has(parent)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  let bytes = 0;
  for (const pid of tree) bytes += proportionalBytes(pid);
  return { bytes, processes: tree.size };
}
