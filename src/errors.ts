import { z } from "@hono/zod-openapi";

/**
 * The one table of error types. It drives the HTTP status of every error response, the `docs_url`
 * pages under /docs/errors, and the error responses declared in /openapi.json.
 */
export const ERROR_TYPES = {
  invalid_request: {
    status: 400,
    retry: "No. Fix the request first: retrying it unchanged gives the same answer.",
    meaning:
      "The request is malformed: a body that is not JSON, a missing or mistyped field, a bad template reference, an unsupported format or option.",
  },
  asset_blocked: {
    status: 400,
    retry:
      "No. Serve the image or font from a public https URL or inline it as a data: URI; remove frames, objects, embeds and meta refreshes.",
    meaning:
      "An image or font URL in the template failed the egress policy (only public https URLs and data: URIs are fetched), or the document holds what is not rendered: a frame, object, embed or meta refresh (`details.reason` names it).",
  },
  authentication_error: {
    status: 401,
    retry: "No. Send a valid API key as `Authorization: Bearer <key>` or `X-API-Key: <key>`.",
    meaning: "The API key is missing, malformed, unknown or revoked. The service does not say which.",
  },
  quota_exceeded: {
    status: 402,
    retry:
      "Later: nothing helps until the period turns over (`details.resets_on`) or the account is upgraded (`details.next_step`).",
    meaning: "The trial ceiling or the plan's free allowance would be passed by this render.",
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
      "Depends on `details.code`: `template_exists`, no (publish a new version at `details.new_version_url`, or pick another name); `idempotency_key_in_use`, yes, after `Retry-After`; `idempotency_key_reused`, no (use a new key for a new request).",
    meaning:
      "The name is already held by a live template (`template_exists`), or an `Idempotency-Key` was sent again with another request (`idempotency_key_reused`) or while its first request still runs (`idempotency_key_in_use`).",
  },
  validation_error: {
    status: 422,
    retry: "After fixing the data: the field errors in `errors` say what the template's schema expects.",
    meaning: "The data does not match the template's JSON Schema.",
  },
  rate_limited: {
    status: 429,
    retry: "Yes, after `Retry-After` seconds, then with exponential backoff and jitter.",
    meaning: "Renders are being started faster than the plan's per-minute limit for this API key.",
  },
  render_failed: {
    status: 500,
    retry:
      "When `details.retryable` is true (a browser timeout or crash, a busy renderer, storage, a queued render that expired): yes, with exponential backoff. When it is false (a template or layout mistake, such as an unknown filter) the render fails the same way every time: fix the template.",
    meaning:
      "Rendering failed. `details.stage` says where: `template` (Liquid: an unknown filter, a filter error, a time or memory limit), `layout` (Satori refused the card, or the page is too large to capture), `browser` (Chromium timed out, crashed or was busy), `storage` (the file could not be stored) or `queue` (a queued render expired). `details.retryable` says whether the same request can succeed later.",
  },
  internal_error: {
    status: 500,
    retry: "Once. If it fails again, contact support with the `x-request-id` of the response.",
    meaning: "A fault on the service's side.",
  },
} as const satisfies Record<string, { status: number; retry: string; meaning: string }>;

export type ErrorType = keyof typeof ERROR_TYPES;
export const ERROR_TYPE_NAMES = Object.keys(ERROR_TYPES) as ErrorType[];

export interface FieldError {
  path: string;
  message: string;
  expected: string;
  received?: string;
  example?: unknown;
}

/** Where a render failed: `template` and `layout` are the template's mistakes, the others the service's side. */
export const RENDER_STAGES = ["template", "layout", "browser", "storage", "queue"] as const;
type RenderStage = (typeof RENDER_STAGES)[number];
const RETRYABLE_STAGES = new Set<RenderStage>(["browser", "storage", "queue"]);

/**
 * Every `render_failed` says where it failed (`stage`) and whether the same request can succeed later
 * (`retryable`). Completed here, where every one is built, so no site can leave them out: a stage outside
 * the list (the render backend's own) is on the browser's side, and `retryable` follows `transient` where a
 * site set that (the queue redelivers on it), else the stage.
 */
function renderFailureDetails(details: Record<string, unknown> = {}): Record<string, unknown> {
  const stage = RENDER_STAGES.find((s) => s === details.stage) ?? "browser";
  const retryable =
    typeof details.retryable === "boolean"
      ? details.retryable
      : typeof details.transient === "boolean"
        ? details.transient
        : RETRYABLE_STAGES.has(stage);
  return { ...details, stage, retryable };
}

/** Where a caller stands in a rate window: the HTTP layer turns it into X-RateLimit-* headers. */
export interface RateState {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

type ServiceErrorExtra = {
  errors?: FieldError[];
  details?: Record<string, unknown>;
  /** When trying again can succeed (Retry-After). */
  retryAfterSeconds?: number;
  /** The rate window the refused request was counted in, when it was. */
  rate?: RateState;
  /** Headers only the HTTP layer itself sets (WWW-Authenticate); the domain states facts above instead. */
  headers?: Record<string, string>;
};

/** A failure in the service's own terms; only the error table knows which HTTP status it becomes. */
export class ServiceError extends Error {
  readonly extra: ServiceErrorExtra;
  constructor(
    readonly type: ErrorType,
    message: string,
    extra: ServiceErrorExtra = {},
  ) {
    super(message);
    this.name = "ServiceError";
    this.extra = type === "render_failed" ? { ...extra, details: renderFailureDetails(extra.details) } : extra;
  }
}

export function docsUrl(baseUrl: string, type: ErrorType): string {
  return `${baseUrl}/docs/errors/${type}`;
}

/** The error as the API shows it: in an error answer's envelope, a failed render's `error`, a batch entry. */
export function errorObject(baseUrl: string, error: ServiceError) {
  return {
    type: error.type,
    message: error.message,
    docs_url: docsUrl(baseUrl, error.type),
    ...(error.extra.errors?.length ? { errors: error.extra.errors } : {}),
    ...(error.extra.details ? { details: error.extra.details } : {}),
  };
}

export function errorEnvelope(baseUrl: string, error: ServiceError) {
  return { error: errorObject(baseUrl, error) };
}

/** The `error` object of an envelope, as a failed render keeps it. */
export type ErrorBody = ReturnType<typeof errorObject>;

export const FieldErrorSchema = z
  .object({
    path: z.string().openapi({ example: "data.items[0].quantity" }),
    message: z.string(),
    expected: z.string().openapi({ example: "integer" }),
    received: z.string().optional().openapi({ example: "string" }),
    example: z.unknown().optional(),
  })
  .openapi("FieldError");

export const ErrorEnvelopeSchema = z
  .object({
    error: z.object({
      type: z.enum(ERROR_TYPE_NAMES as [ErrorType, ...ErrorType[]]),
      message: z.string(),
      docs_url: z.string().url(),
      errors: z.array(FieldErrorSchema).optional(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .openapi("Error");

/** The OpenAPI `responses` entries for the error types a route can answer with. */
export function errorResponses(...types: ErrorType[]) {
  const byStatus = new Map<number, ErrorType[]>();
  for (const type of types) {
    const status = ERROR_TYPES[type].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), type]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, grouped]) => [
      status,
      {
        description: grouped.map((t) => `\`${t}\`: ${ERROR_TYPES[t].meaning}`).join(" "),
        content: { "application/json": { schema: ErrorEnvelopeSchema } },
      },
    ]),
  );
}
