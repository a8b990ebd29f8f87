// Where `wrangler dev` runs the Worker itself, behind the proxy it puts on the public port: the bench times
// some requests there too, so the local tooling's share of a request is measured rather than guessed.
// Linux only (/proc); elsewhere, or when nothing answers, there is no such line in the results.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** The loopback ports workerd processes listen on, from /proc/net/tcp and each process's socket descriptors. */
function workerdPorts(): number[] {
  const inodes = new Set<string>();
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
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

/** The Worker's own address: the workerd port, other than the public one, whose /healthz is Folio's. */
export async function workerBehindProxy(publicUrl: string): Promise<string | null> {
  let ports: number[];
  try {
    ports = workerdPorts();
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
