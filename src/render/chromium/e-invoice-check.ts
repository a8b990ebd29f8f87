import { BACKEND_CONTENT_TYPES, BACKEND_ROUTES } from "@folio/render-page/backend-http-surface";
import { type SideSeat, seatHeaders } from "@folio/render-page/job-contract";
import { failureFromBody } from "@folio/render-page/job-failure";
import { type BackendFetch, postToBackend, SIDE_WORK_TIMEOUT_MS } from "./backend-post";
import { type EInvoiceCheck, type EInvoiceValidation, failureFromRenderer } from "./driver";
import { InstanceUnavailable } from "./instance-spread";

/**
 * POST /validate-e-invoice on one backend, as `seat`'s work (its turn among the accounts' checks);
 * `InstanceUnavailable` when the backend never got to answer.
 */
export async function postCheck(
  send: BackendFetch,
  secret: string,
  check: EInvoiceCheck,
  seat: SideSeat,
): Promise<EInvoiceValidation> {
  const body = JSON.stringify(check);
  const response = await postToBackend(
    send,
    secret,
    BACKEND_ROUTES.validateEInvoice.path,
    body,
    SIDE_WORK_TIMEOUT_MS,
    seatHeaders(seat),
  );
  const json = (response.headers.get("content-type") ?? "").includes(BACKEND_CONTENT_TYPES.json);
  if (response.ok && json) return response.json();
  if (!json) throw new InstanceUnavailable(`${response.status}: ${(await response.text()).slice(0, 200)}`);
  throw failureFromRenderer(failureFromBody(response.status, await response.json().catch(() => null)));
}
