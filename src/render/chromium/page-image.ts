import { failureFromBody } from "@folio/render-page/job-failure";
import { type BackendFetch, fromHost, postToBackend } from "./backend-post";
import { failureFromRenderer } from "./driver";
import { InstanceUnavailable } from "./instance-spread";

/** Drawing one page takes a fraction of a second: this only stops a hang. */
const PAGE_IMAGE_TIMEOUT_MS = 30_000;

/** POST /page-image on one backend: the PDF's first page as a PNG; `InstanceUnavailable` when no answer came. */
export async function postPageImage(send: BackendFetch, secret: string, pdf: Uint8Array): Promise<Uint8Array> {
  const response = await postToBackend(send, secret, "/page-image", pdf, PAGE_IMAGE_TIMEOUT_MS);
  if (response.ok && response.headers.get("content-type") === "image/png")
    return new Uint8Array(await response.arrayBuffer());
  if (response.ok || fromHost(response))
    throw new InstanceUnavailable(`${response.status}: ${(await response.text()).slice(0, 200)}`);
  throw failureFromRenderer(failureFromBody(response.status, await response.json().catch(() => null)));
}
