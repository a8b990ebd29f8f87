import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { type Backend, startBackend } from "./e2e/backend-process";

declare module "vitest" {
  export interface ProvidedContext {
    backendFleetUrl: string;
  }
}

/**
 * Real render backend processes on loopback ports, standing in for the render backend's container instances
 * in the workers project, which cannot start processes itself. Started only when a test asks, so the rest of
 * the suite never pays for their Chromiums:
 *   POST /start?count=N&secret=S  starts N backends, answers their URLs
 *   POST /kill?url=U              kills that backend (SIGKILL) and answers once it has exited
 *   POST /stop?url=U&url=…        stops those backends (without a url: all of them)
 */
export default async function setup(project: TestProject) {
  const running = new Map<string, Backend>();
  const stopAll = () => {
    for (const backend of running.values()) backend.stop();
    running.clear();
  };
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fleet");
    try {
      if (req.method === "POST" && url.pathname === "/start") {
        const count = Number(url.searchParams.get("count") ?? "1");
        const started = await Promise.all(
          Array.from({ length: count }, () =>
            startBackend(url.searchParams.get("secret") ?? "", { RENDER_CONCURRENCY: "4" }),
          ),
        );
        for (const backend of started) running.set(backend.url, backend);
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ urls: started.map((backend) => backend.url) }));
        return;
      }
      if (req.method === "POST" && url.pathname === "/kill") {
        const backend = running.get(url.searchParams.get("url") ?? "");
        if (!backend) {
          res.writeHead(404).end();
          return;
        }
        if (backend.process.exitCode === null && backend.process.signalCode === null) {
          await new Promise((resolve) => {
            backend.process.once("exit", resolve);
            backend.process.kill("SIGKILL");
          });
        }
        res.writeHead(204).end();
        return;
      }
      if (req.method === "POST" && url.pathname === "/stop") {
        // A test file stops its own backends: files of the project run beside each other.
        const urls = url.searchParams.getAll("url");
        if (urls.length === 0) stopAll();
        for (const one of urls) {
          running.get(one)?.stop();
          running.delete(one);
        }
        res.writeHead(204).end();
        return;
      }
      res.writeHead(404).end();
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  project.provide("backendFleetUrl", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return () =>
    new Promise<void>((resolve) => {
      stopAll();
      server.closeAllConnections();
      server.close(() => resolve());
    });
}
