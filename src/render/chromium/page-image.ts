import { BACKEND_CONTENT_TYPES, BACKEND_ROUTES } from "@folio/render-page/backend-http-surface";
import { type SideSeat, seatHeaders } from "@folio/render-page/job-contract";
import { failureFromBody } from "@folio/render-page/job-failure";
import { type BackendFetch, fromHost, postToBackend, SIDE_WORK_TIMEOUT_MS } from "./backend-post";
import { failureFromRenderer } from "./driver";
import { InstanceUnavailable } from "./instance-spread";

/**
 * POST /page-image on one backend, as `seat`'s work: the PDF's first page as a PNG; `InstanceUnavailable` when no
 * answer came.
 */
export async function postPageImage(
  send: BackendFetch,
  secret: string,
  pdf: Uint8Array,
  seat: SideSeat,
): Promise<Uint8Array> {
  const response = await postToBackend(
    send,
    secret,
    BACKEND_ROUTES.pageImage.path,
    pdf,
    SIDE_WORK_TIMEOUT_MS,
    seatHeaders(seat),
  );
  if (response.ok && response.headers.get("content-type") === BACKEND_CONTENT_TYPES.png)
    return new Uint8Array(await response.arrayBuffer());
  if (response.ok || fromHost(response))
    throw new InstanceUnavailable(`${response.status}: ${(await response.text()).slice(0, 200)}`);
  throw failureFromRenderer(failureFromBody(response.status, await response.json().catch(() => null)));
}
