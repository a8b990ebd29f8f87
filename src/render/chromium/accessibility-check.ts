import { BACKEND_CONTENT_TYPES, BACKEND_ROUTES } from "@folio/render-page/backend-http-surface";
import { type SideSeat, seatHeaders } from "@folio/render-page/job-contract";
import { failureFromBody } from "@folio/render-page/job-failure";
import { framedPdf, unframedPdf } from "@folio/render-page/pdfua/accessibility-job";
import type { PdfUaReport } from "@folio/render-page/pdfua/violations";
import { type BackendFetch, fromHost, postToBackend, SIDE_WORK_TIMEOUT_MS } from "./backend-post";
import { type AccessibilityResult, failureFromRenderer, type PdfUaMendOptions } from "./driver";
import { InstanceUnavailable } from "./instance-spread";

/**
 * POST /accessibility on one backend, as `seat`'s work: the mended PDF and the checker's report;
 * `InstanceUnavailable` when no answer came.
 */
export async function postAccessibility(
  send: BackendFetch,
  secret: string,
  pdf: Uint8Array,
  options: PdfUaMendOptions,
  seat: SideSeat,
): Promise<AccessibilityResult> {
  const response = await postToBackend(
    send,
    secret,
    BACKEND_ROUTES.accessibility.path,
    framedPdf(options, pdf),
    SIDE_WORK_TIMEOUT_MS,
    seatHeaders(seat),
  );
  if (response.ok && response.headers.get("content-type") === BACKEND_CONTENT_TYPES.framedPdf) {
    const { head, pdf: mended } = unframedPdf<PdfUaReport>(new Uint8Array(await response.arrayBuffer()));
    return { pdf: mended, report: head };
  }
  if (response.ok || fromHost(response))
    throw new InstanceUnavailable(`${response.status}: ${(await response.text()).slice(0, 200)}`);
  throw failureFromRenderer(failureFromBody(response.status, await response.json().catch(() => null)));
}
