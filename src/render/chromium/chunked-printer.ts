// A chunked render's side of the render backend (docs/rendering.md#long-documents): each chunk's piece is printed
// into a session the backend keeps, then one join makes the PDF, which comes back as a stream for R2, so the
// Worker never holds the joined file. Every request of one render goes to the same backend.

import {
  BACKEND_ROUTES,
  dropToWire,
  fileFromHeaders,
  pieceCountsFromWire,
} from "@folio/render-page/backend-http-surface";
import { jobToWire } from "@folio/render-page/job-contract";
import { failureFromBody } from "@folio/render-page/job-failure";
import { joinToWire } from "@folio/render-page/join-contract";
import { type BackendFetch, fromHost, postToBackend } from "./backend-post";
import { type ChunkedPrinter, failureFromRenderer } from "./driver";
import { InstanceUnavailable } from "./instance-spread";

/** The backend's own wait for a page and the job's timeout both end well before this: it only stops a hang. */
const WAIT_ALLOWANCE_MS = 90_000;
/** Joining and finishing thousands of pages takes seconds, printing the margins document a timeout of its own. */
const JOIN_ALLOWANCE_MS = 240_000;
/** Removing a session's files is quick; past this the backend's own sweep of silent sessions removes them. */
const DROP_TIMEOUT_MS = 5_000;

/** How each request reaches the render's one backend (a URL, or the container instance the first piece went to). */
export type PinnedSend = <T>(work: (send: BackendFetch) => Promise<T>) => Promise<T>;

/** How a drop reaches the render's backend. */
export type DropSend = (work: (send: BackendFetch) => Promise<void>) => Promise<void>;

async function answer(response: Response): Promise<Response> {
  if (response.ok) return response;
  if (fromHost(response)) throw new InstanceUnavailable(`${response.status}: ${(await response.text()).slice(0, 200)}`);
  throw failureFromRenderer(failureFromBody(response.status, await response.json().catch(() => null)));
}

/**
 * `pinned` takes a seat on the render's backend like any job; `unseated` reaches it without waiting for one (a drop
 * takes no page), and does nothing when no piece was ever sent.
 */
export function chunkedPrinter(pinned: PinnedSend, secret: string, unseated: DropSend = pinned): ChunkedPrinter {
  return {
    print: (job) =>
      pinned(async (send) => {
        const response = await answer(
          await postToBackend(
            send,
            secret,
            BACKEND_ROUTES.render.path,
            jobToWire(job),
            job.timeoutMs + WAIT_ALLOWANCE_MS,
          ),
        );
        return pieceCountsFromWire(await response.json());
      }),
    join: (job) =>
      pinned(async (send) => {
        const timeoutMs = job.timeoutMs + JOIN_ALLOWANCE_MS;
        const response = await answer(
          await postToBackend(send, secret, BACKEND_ROUTES.join.path, joinToWire(job), timeoutMs),
        );
        if (!response.body) throw new Error("the render backend answered a join without a body");
        return {
          body: response.body,
          pageCount: fileFromHeaders(response.headers, 0).pageCount,
          byteSize: Number(response.headers.get("content-length") ?? "0"),
        };
      }),
    drop: (session) =>
      unseated(async (send) => {
        await answer(await postToBackend(send, secret, BACKEND_ROUTES.drop.path, dropToWire(session), DROP_TIMEOUT_MS));
      }),
  };
}
