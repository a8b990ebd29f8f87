import { InstanceUnavailable } from "./instance-spread";

/** One HTTP round trip to a render backend: a URL in development, a container's Durable Object in production. */
export type BackendFetch = (path: string, init?: RequestInit) => Promise<Response>;

/** POSTs a JSON body to one backend, behind the secret; `InstanceUnavailable` when no answer came. */
export async function postToBackend(
  send: BackendFetch,
  secret: string,
  path: string,
  body: string,
  timeoutMs: number,
): Promise<Response> {
  try {
    return await send(path, {
      method: "POST",
      headers: { "content-type": "application/json", "x-render-secret": secret },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new InstanceUnavailable(String(error));
  }
}
