import { z } from "@hono/zod-openapi";

/**
 * The one table of error types. It drives the HTTP status of every error response, the `docs_url`
 * pages under /docs/errors, and the error responses declared in /openapi.json.
 */
export const ERROR_TYPES = {
  invalid_request: {
    status: 400,
    retry: "No. Fix the request first: retrying it unchanged gives the same answer.",
    meaning: "The request is malformed: a body that is not JSON, a missing or mistyped field, a bad template reference, an unsupported format or option.",
  },
  asset_blocked: {
    status: 400,
    retry: "No. Serve the image or font from a public https URL or inline it as a data: URI; remove frames, objects, embeds and meta refreshes.",
    meaning: "An image or font URL in the template failed the egress policy (only public https URLs and data: URIs are fetched), or the document holds what is not rendered: a frame, object, embed or meta refresh (`details.reason` names it).",
  },
  authentication_error: {
    status: 401,
    retry: "No. Send a valid API key as `Authorization: Bearer <key>` or `X-API-Key: <key>`.",
    meaning: "The API key is missing, malformed, unknown or revoked. The service does not say which.",
  },
  quota_exceeded: {
    status: 402,
    retry: "Later: nothing helps until the period turns over (`details.resets_on`) or the account is upgraded (`details.next_step`).",
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
    retry: "No. Publish a new version instead (`details.new_version_url`), or pick another name.",
    meaning: "The name is already held by a live template.",
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
    retry: "Sometimes: only when transient (a browser timeout). A template error such as an unknown filter fails the same way every time.",
    meaning: "The template or the browser threw while rendering; `details.stage` says where.",
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

/** A failure in the service's own terms; only the error table knows which HTTP status it becomes. */
export class ServiceError extends Error {
  constructor(
    readonly type: ErrorType,
    message: string,
    readonly extra: { errors?: FieldError[]; details?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "ServiceError";
  }
}

export function docsUrl(baseUrl: string, type: ErrorType): string {
  return `${baseUrl}/docs/errors/${type}`;
}

export function errorEnvelope(baseUrl: string, error: ServiceError) {
  return {
    error: {
      type: error.type,
      message: error.message,
      docs_url: docsUrl(baseUrl, error.type),
      ...(error.extra.errors?.length ? { errors: error.extra.errors } : {}),
      ...(error.extra.details ? { details: error.extra.details } : {}),
    },
  };
}

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
