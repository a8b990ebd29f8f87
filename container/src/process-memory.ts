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

/** The processes under `pid`, read from the kernel's per-thread children lists (no scan of every process). */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) => readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number));
  } catch {
    return [];
  }
}

/**
 * Anonymous resident bytes (heaps, V8, paint records: what a large document grows) of `root` and its
 * descendants, counted cheaply enough to check several times a second from /proc/<pid>/statm, without the
 * shared libraries every Chromium process maps. Null without /proc.
 */
export function treeAnonymousBytes(root = process.pid): number | null {
  const pageSize = 4096;
  let bytes = 0;
  const pending = [root];
  for (let pid = pending.pop(); pid !== undefined; pid = pending.pop()) {
    try {
      const [, resident, shared] = readFileSync(`/proc/${pid}/statm`, "utf8").split(" ").map(Number);
      bytes += (resident! - shared!) * pageSize;
    } catch {
      if (pid === root) return null;
      continue;
    }
    pending.push(...childrenOf(pid));
  }
  return bytes;
}
