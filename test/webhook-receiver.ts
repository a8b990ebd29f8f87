import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    receiverUrl: string;
  }
}

export interface ReceivedDelivery {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * A real HTTP webhook receiver on loopback. The path says how to answer: /ok, /fail-twice/<id> (500 twice,
 * then 200), /fail (always 500), /redirect (302), /hang (never answers), /huge (a 10 MB answer).
 * GET /log/<key> returns what arrived on paths containing <key>.
 */
export default async function setup(project: TestProject) {
  const received: ReceivedDelivery[] = [];
  const failures = new Map<string, number>();
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = req.url ?? "/";
    if (req.method === "GET" && path.startsWith("/log/")) {
      const key = decodeURIComponent(path.slice(5));
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify(received.filter((r) => r.path.includes(key))));
      return;
    }
    received.push({
      path,
      headers: req.headers as Record<string, string>,
      body: Buffer.concat(chunks).toString("utf8"),
    });
    if (path.startsWith("/hang")) return;
    if (path.startsWith("/redirect")) {
      res.writeHead(302, { location: "/ok/redirected" }).end();
    } else if (path.startsWith("/fail-twice")) {
      const seen = (failures.get(path) ?? 0) + 1;
      failures.set(path, seen);
      res.writeHead(seen <= 2 ? 500 : 200).end();
    } else if (path.startsWith("/fail")) {
      res.writeHead(500).end("nope");
    } else if (path.startsWith("/huge")) {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      const block = Buffer.alloc(64 * 1024, 120);
      let sent = 0;
      const pump = () => {
        while (sent < 160) {
          sent++;
          if (!res.write(block)) {
            res.once("drain", pump);
            return;
          }
        }
        res.end();
      };
      pump();
    } else {
      res.writeHead(200).end("ok");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  project.provide("receiverUrl", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}
