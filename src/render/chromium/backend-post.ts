import { BACKEND_CONTENT_TYPES, BACKEND_HEADERS } from "@folio/render-page/backend-http-surface";
import { SIDE_SEAT_WAIT_MS, SIDE_WORK_LIMIT_MS } from "@folio/render-page/side-seats";
import { InstanceUnavailable } from "./instance-spread";

/** One HTTP round trip to a render backend: a URL in development, a container's Durable Object in production. */
export type BackendFetch = (path: string, init?: RequestInit) => Promise<Response>;

/**
 * An answer from what hosts the backend rather than from the backend itself, which always answers JSON: a
 * container that is starting, out of capacity or gone (text from @cloudflare/containers).
 */
export function fromHost(response: Response): boolean {
  return (
    (response.status >= 500 || response.status === 429) &&
    !(response.headers.get("content-type") ?? "").includes(BACKEND_CONTENT_TYPES.json)
  );
}

/**
 * How long the Worker waits for a side thread's answer (an e-invoice check, a page image): the backend's longest
 * wait for the job's turn, the time limit of the one job ahead of it in its thread and its own, and 10 s of room.
 * It only stops a hang: the backend answers before.
 */
export const SIDE_WORK_TIMEOUT_MS = SIDE_SEAT_WAIT_MS + 2 * SIDE_WORK_LIMIT_MS + 10_000;

/**
 * POSTs a body (JSON text, or a file's bytes) to one backend, behind the secret, with `headers` besides;
 * `InstanceUnavailable` when no answer came.
 */
export async function postToBackend(
  send: BackendFetch,
  secret: string,
  path: string,
  body: string | Uint8Array,
  timeoutMs: number,
  headers: Record<string, string> = {},
): Promise<Response> {
  const contentType = typeof body === "string" ? BACKEND_CONTENT_TYPES.json : BACKEND_CONTENT_TYPES.pdf;
  try {
    return await send(path, {
      method: "POST",
      headers: { ...headers, "content-type": contentType, [BACKEND_HEADERS.secret]: secret },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new InstanceUnavailable(String(error));
  }
}
