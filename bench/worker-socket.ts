// Where `wrangler dev` runs the Worker itself, behind the proxy it puts on the public port: the bench times
// some requests there too, so the local tooling's share of a request is measured rather than guessed.
// Linux only (/proc); elsewhere, or when nothing answers, there is no such line in the results.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** The process ids under `root` (itself included), from each process's parent in /proc/<pid>/stat. */
function processTree(root: number): Set<number> {
  const parentOf = new Map<number, number>();
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      // The command name, in parentheses, may hold spaces: the fields after its closing one are state, then parent.
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      parentOf.set(Number(pid), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parentOf)
      if (tree.has(parent) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
  }
  return tree;
}

/**
 * The loopback ports the workerd processes under `root` (the `wrangler dev` this bench started) listen on, from
 * /proc/net/tcp and each process's socket descriptors: another Folio on the machine is never measured.
 */
function workerdPorts(root: number): number[] {
  const inodes = new Set<string>();
  for (const pid of processTree(root)) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "workerd") continue;
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        if (target.startsWith("socket:[")) inodes.add(target.slice(8, -1));
      }
    } catch {
      // Gone, or not ours to read.
    }
  }
  const ports: number[] = [];
  for (const line of readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1)) {
    const fields = line.trim().split(/\s+/);
    // Field 3 is the state (0A: listening), field 9 the socket's inode.
    if (fields[3] === "0A" && inodes.has(fields[9] ?? "") && fields[1]?.startsWith("0100007F:"))
      ports.push(parseInt(fields[1].slice(9), 16));
  }
  return ports;
}

/**
 * The Worker's own address: the port, other than the public one, of a workerd under `wranglerPid` whose /healthz is
 * Folio's.
 */
export async function workerBehindProxy(publicUrl: string, wranglerPid: number): Promise<string | null> {
  let ports: number[];
  try {
    ports = workerdPorts(wranglerPid);
  } catch {
    return null;
  }
  const publicPort = Number(new URL(publicUrl).port);
  for (const port of ports.filter((p) => p !== publicPort)) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2_000) });
      const body = (await response.json()) as { status?: string; checks?: unknown };
      if (body.status && body.checks) return `http://127.0.0.1:${port}`;
    } catch {
      // Another of workerd's sockets (the proxy's inspector, a simulated binding): not the Worker.
    }
  }
  return null;
}
