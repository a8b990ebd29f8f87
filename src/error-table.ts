/**
 * The one table of error types. It drives the HTTP status of every error response, the `docs_url`
 * pages under /docs/errors, and the error responses declared in /openapi.json.
 */
export const ERROR_TYPES = {
  invalid_request: {
    status: 400,
    retry: "No. Fix the request first: retrying it unchanged gives the same answer.",
    meaning:
      "The request is malformed: a body that is not JSON, a missing or mistyped field, a bad template " +
      "reference, an unsupported format or option.",
  },
  asset_blocked: {
    status: 400,
    retry:
      "No. Serve the image or font from a public https URL or inline it as a data: URI; remove frames, " +
      "objects, embeds and meta refreshes.",
    meaning:
      "An image or font URL in the template failed the egress policy (only public https URLs and data: URIs " +
      "are fetched), or the document holds what is not rendered: a frame, object, embed or meta refresh " +
      "(`details.reason` names it).",
  },
  authentication_error: {
    status: 401,
    retry: "No. Send a valid API key as `Authorization: Bearer <key>` or `X-API-Key: <key>`.",
    meaning: "The API key is missing, malformed, unknown or revoked. The service does not say which.",
  },
  quota_exceeded: {
    status: 402,
    retry:
      "Later: nothing helps until the period turns over (`details.resets_on`) or the account is upgraded " +
      "(`details.next_step`).",
    meaning:
      "The trial's units or the plan's included units (a PDF page or an image each) would be passed by this " +
      "render: `details.remaining_units` is what is left, `details.estimated_units` what it needs.",
  },
  spend_cap_exceeded: {
    status: 402,
    retry: "Later: when the month turns over, or after the spend cap is raised.",
    meaning: "This render would take the month's cost past the account's spend cap.",
  },
  permission_error: {
    status: 403,
    retry: "No. A suspended account renders nothing; an expired signed link is renewed by GET /v1/renders/{id}.",
    meaning: "The account is not allowed to do this, or a signed file link has expired or was altered.",
  },
  not_found: {
    status: 404,
    retry: "No. Check the id, template name or version.",
    meaning: "No such template, version, render or route on this account.",
  },
  conflict: {
    status: 409,
    retry:
      "Depends on `details.code`: `template_exists`, no (publish a new version at `details.new_version_url`, " +
      "or pick another name); `idempotency_key_in_use`, yes, after `Retry-After`; `idempotency_key_reused`, no " +
      "(use a new key for a new request); `version_moved`, no (fetch the latest version, merge, publish again " +
      'with its number (`"v<N>"`) or checksum in `If-Match`); `webhook_pending`, yes, once the schedule has ' +
      "ended (`details.next_attempt_at`); `resends_exhausted`, no.",
    meaning:
      "The name is already held by a live template (`template_exists`), or an `Idempotency-Key` was sent " +
      "again with another request (`idempotency_key_reused`) or while its first request still runs " +
      "(`idempotency_key_in_use`), or a version was published with `If-Match` naming a checksum or version number " +
      "that is no longer the latest version's (`version_moved`), or a webhook resend came while the render's " +
      "webhook is still being delivered (`webhook_pending`) or after its 10 resends (`resends_exhausted`).",
  },
  validation_error: {
    status: 422,
    retry: "After fixing the data: the field errors in `errors` say what the template's schema expects.",
    meaning: "The data does not match the template's JSON Schema.",
  },
  rate_limited: {
    status: 429,
    retry: "Yes, after `Retry-After` seconds, then with exponential backoff and jitter.",
    meaning:
      "Renders or previews are being started faster than a window allows (the plan's renders a minute per API " +
      "key, the previews a minute per API key, where validate and saving a template that makes an e-invoice count " +
      "as previews, or a free or trial account's previews a day: `details.limit_name` names the window), trials " +
      "are being started faster than allowed, webhook test events and resends pass 10 a minute per API key " +
      "(`webhook_sends_per_minute`) or deliveries to one host 60 a minute (`webhook_host_per_minute`), or the printed pieces of this account's chunked renders in flight " +
      "fill their disk ceiling on the render backend (`details.reason: chunk_disk_full`, `details.max_bytes`).",
  },
  render_failed: {
    status: 500,
    retry:
      "When `details.retryable` is true (a browser timeout or crash, a busy renderer, storage, a queued " +
      "render that expired): yes, with exponential backoff. When it is false (a template or layout mistake, " +
      "such as an unknown filter) the render fails the same way every time: fix the template.",
    meaning:
      "Rendering failed. `details.stage` says where: `template` (Liquid: an unknown filter, a filter error, a " +
      "time or memory limit), `layout` (Satori refused the card, the card would cost more to draw than a card may: " +
      "`details.max_blur_area`, `max_gradient_area`, `max_svg_elements`, `max_path_segments`, `max_filter_area` or " +
      "`max_pixels` names " +
      "the ceiling; or the " +
      "page is too large to capture), " +
      "`browser` (Chromium timed out, crashed or was busy), `e_invoice` (the e-invoice does not pass the " +
      "official rules: `details.violations` lists them; or they could not be checked, retryable), " +
      "`accessibility` (a `pdfua` file fails the PDF/UA-1 checks: `details.violations` names each Matterhorn " +
      "checkpoint; or the document has more pages than a checked file may, `details.max_pages`), `signature` " +
      "(the time-stamp authority a `B-T` signature needs failed or answered a token that does not check out: " +
      "retryable), `storage` " +
      "(the file could not be stored) or `queue` (a queued render expired). `details.retryable` says whether the " +
      "same request can succeed later.",
  },
  internal_error: {
    status: 500,
    retry: "Once. If it fails again, contact support with the `x-request-id` of the response.",
    meaning: "A fault on the service's side.",
  },
} as const satisfies Record<string, { status: number; retry: string; meaning: string }>;

export type ErrorType = keyof typeof ERROR_TYPES;
export const ERROR_TYPE_NAMES = Object.keys(ERROR_TYPES) as ErrorType[];

/** The page of the served docs that explains `type`, which every error answer links to. */
export function docsUrl(baseUrl: string, type: ErrorType): string {
  return `${baseUrl}/docs/errors/${type}`;
}
