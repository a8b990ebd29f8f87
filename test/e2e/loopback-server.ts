import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A test's own HTTP server on a free loopback port: `start` answers its base URL, `stop` drops its connections. */
export function onLoopback(server: Server) {
  return {
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
