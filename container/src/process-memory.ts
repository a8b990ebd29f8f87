// Memory of the whole render backend: this Node process and every process under it (Chromium's
// browser, GPU, utility and renderer processes), since a browser that leaks does so outside Node.
// Chromium's processes share most of their pages, so each is counted by its proportional share (PSS);
// summing plain RSS would count the shared libraries once per process.
import { existsSync, readdirSync, readFileSync } from "node:fs";

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
  const tree = processTree(root);
  if (!tree) return { bytes: process.memoryUsage().rss, processes: 1 };
  let bytes = 0;
  for (const pid of tree) bytes += proportionalBytes(pid);
  return { bytes, processes: tree.length };
}

/** The processes under `pid`, read from the kernel's per-thread children lists (no scan of every process). */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** `root` and every process under it, walking the kernel's per-thread children lists; null without /proc. */
function processTree(root: number): number[] | null {
  if (!existsSync(`/proc/${root}`)) return null;
  const tree: number[] = [];
  for (let pending = [root], pid = pending.pop(); pid !== undefined; pid = pending.pop()) {
    tree.push(pid);
    pending.push(...childrenOf(pid));
  }
  return tree;
}

/**
 * Anonymous resident bytes (heaps, V8, paint records: what a large document grows) of `root` and its
 * descendants, counted cheaply enough to check several times a second from /proc/<pid>/statm, without the
 * shared libraries every Chromium process maps. Null without /proc.
 */
export function treeAnonymousBytes(root = process.pid): number | null {
  const tree = processTree(root);
  if (!tree) return null;
  const pageSize = 4096;
  let bytes = 0;
  for (const pid of tree) {
    try {
      // statm: size, resident, shared, text, lib, data, dt, in pages; all seven are always there.
      const [, resident = 0, shared = 0] = readFileSync(`/proc/${pid}/statm`, "utf8").split(" ").map(Number);
      bytes += (resident - shared) * pageSize;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return bytes;
}
