import { failureFromBody } from "@folio/render-page/job-failure";
import { type BackendFetch, postToBackend } from "./backend-post";
import { type EInvoiceCheck, type EInvoiceValidation, failureFromRenderer } from "./driver";
import { InstanceUnavailable } from "./instance-spread";

/** A check takes well under a second once the rules are loaded: this only stops a hang. */
const CHECK_TIMEOUT_MS = 30_000;

/** POST /validate-e-invoice on one backend; `InstanceUnavailable` when the backend never got to answer. */
export async function postCheck(send: BackendFetch, secret: string, check: EInvoiceCheck): Promise<EInvoiceValidation> {
  const response = await postToBackend(send, secret, "/validate-e-invoice", JSON.stringify(check), CHECK_TIMEOUT_MS);
  const json = (response.headers.get("content-type") ?? "").includes("application/json");
  if (response.ok && json) return response.json();
  if (!json) throw new InstanceUnavailable(`${response.status}: ${(await response.text()).slice(0, 200)}`);
  throw failureFromRenderer(failureFromBody(response.status, await response.json().catch(() => null)));
}
