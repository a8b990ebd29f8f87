// Ports for a service started beside others on one machine: two test runs, a test run and `npm run dev`, or a bench
// beside either. A fixed port would make the second of them stop at once.
import { createServer } from "node:net";

/** Below Linux's ephemeral range (32768-60999), so no outgoing connection takes a port between choice and use. */
const LOWEST = 20_000;
const HIGHEST = 32_000;

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/**
 * The first port of `size` consecutive free loopback ports, the block picked at random so that two runs starting at
 * the same moment rarely try the same one; `pick` chooses the candidate blocks (a test gives its own).
 */
export async function freePortBlock(
  size: number,
  pick: () => number = () => LOWEST + size * Math.floor((Math.random() * (HIGHEST - LOWEST)) / size),
): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = pick();
    let free = true;
    for (let port = first; free && port < first + size; port++) free = await portFree(port);
    if (free) return first;
  }
  throw new Error(`no ${size} consecutive free ports found between ${LOWEST} and ${HIGHEST}`);
}
