// Chromium is started with this as its only proxy. Every asset reaches the page through request
// interception and the safe fetcher, so anything arriving here (a WebSocket, a beacon, a request the
// interceptor never saw) is traffic with no business leaving: it is refused and recorded, never dialled.
import { type AddressInfo, createServer, type Server } from "node:net";

export interface DenyProxy {
  port: number;
  refused: string[];
  close(): Promise<void>;
}

export function startDenyProxy(): Promise<DenyProxy> {
  const refused: string[] = [];
  const server: Server = createServer((socket) => {
    socket.once("data", (chunk) => {
      const firstLine = chunk.toString("latin1").split("\r\n")[0] ?? "";
      refused.push(firstLine.slice(0, 300));
      if (refused.length > 1000) refused.shift();
      socket.end("HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\nconnection: close\r\n\r\n");
    });
    socket.on("error", () => socket.destroy());
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve({
        port: (server.address() as AddressInfo).port,
        refused,
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}
