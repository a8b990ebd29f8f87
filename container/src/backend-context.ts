// What the render backend's routes work with: made once at start (server.ts) and handed to each route.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { BackendRoute } from "@folio/render-page/backend-http-surface";
import type { BrowserPool } from "./browser-pool.ts";
import type { ChunkSessions } from "./chunk-sessions.ts";
import type { DenyProxy } from "./deny-proxy.ts";
import type { MemoryWatch } from "./memory-watch.ts";
import type { SideThreads } from "./side-threads.ts";

/** What printing a chunked render's pieces and joining them takes. */
export interface ChunkWork {
  /** The printed pieces of chunked renders, until their join. */
  sessions: ChunkSessions;
  pool: BrowserPool;
  memory: MemoryWatch;
  marginsSlicePages: number;
}

export interface BackendContext extends ChunkWork {
  secret: string;
  /** E-invoice checks and page images, in side threads. */
  side: SideThreads;
  proxy: DenyProxy;
  /** "ok" once a page was printed and while the browser can be launched; otherwise the cause, in one sentence. */
  rendererState(): string;
}

/** One route of the backend's surface (@folio/render-page/backend-http-surface) and how it is answered. */
export interface RouteHandler {
  route: BackendRoute;
  /** Answered without the secret: only the health probe, which its host asks too. */
  open?: boolean;
  /** A failure it throws is answered as the Worker reads one (backend-http.ts, sendFailure). */
  handle(req: IncomingMessage, res: ServerResponse, context: BackendContext): Promise<void>;
}
