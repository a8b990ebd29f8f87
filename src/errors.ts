import { z } from "@hono/zod-openapi";
import { docsUrl, ERROR_TYPE_NAMES, ERROR_TYPES, type ErrorType } from "./error-table";

export interface FieldError {
  path: string;
  message: string;
  expected: string;
  received?: string;
  example?: unknown;
}

/**
 * Where a render failed: `template` and `layout` are the template's mistakes, `e_invoice` its e-invoice's (the rules
 * found it invalid), `accessibility` its PDF/UA-1 file's (the checker found it failing), the others the service's side.
 */
export const RENDER_STAGES = [
  "template",
  "layout",
  "browser",
  "e_invoice",
  "accessibility",
  "signature",
  "storage",
  "queue",
] as const;
type RenderStage = (typeof RENDER_STAGES)[number];
const RETRYABLE_STAGES = new Set<RenderStage>(["browser", "signature", "storage", "queue"]);

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
