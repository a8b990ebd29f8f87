import { createServer, type Server } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { freePortBlock } from "../../scripts/free-ports.ts";

// vitest.config.ts gives the e2e services a block of free ports, so a second test run on the machine never stops
// this one with "port 8790 is already in use".
describe("freePortBlock", () => {
  const held: Server[] = [];
  afterAll(() => Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve)))));
  const hold = async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    held.push(server);
    return (server.address() as { port: number }).port;
  };

  it("passes over a block one of whose ports is taken", async () => {
    const taken = await hold();
    let asked = 0;
    // First the block around the taken port, then blocks from the usual range.
    const first = await freePortBlock(5, () => (asked++ === 0 ? taken - 2 : 20_000 + 5 * asked));
    expect(asked).toBeGreaterThan(1);
    expect(first === taken - 2 || (taken >= first && taken < first + 5)).toBe(false);
  });
});
