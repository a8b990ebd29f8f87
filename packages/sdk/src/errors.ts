import { retryAfterSeconds } from "./retrying-fetch.js";
import type { components } from "./schema.js";

type ErrorBody = components["schemas"]["Error"]["error"];
export type ErrorType = ErrorBody["type"];
export type FieldError = components["schemas"]["FieldError"];
type Render = components["schemas"]["Render"];

/**
 * An error answer of the API, carrying its envelope (`type`, `message`, `docs_url`, `errors`, `details`).
 * Branch on `type`: it is the stable part. `status` is the HTTP status, or null when the error is a queued
 * render's own `error` (the render ended failed; `render` holds it). `retryAfter` is the answer's `Retry-After` in
 * seconds (a 429 says how long to wait), or null when it had none.
 */
export class FolioError extends Error {
  override readonly name = "FolioError";
  readonly type: ErrorType;
  readonly docs_url: string;
  readonly errors: FieldError[];
  readonly details: Record<string, unknown>;

  constructor(
    body: ErrorBody,
    readonly status: number | null,
    readonly requestId: string | null = null,
    readonly render: Render | null = null,
    readonly retryAfter: number | null = null,
  ) {
    super(body.message);
    this.type = body.type;
    this.docs_url = body.docs_url;
    this.errors = body.errors ?? [];
    this.details = body.details ?? {};
  }

  /** A render that failed on the service's side and may succeed when run again (`details.retryable`). */
  get transientRenderFailure(): boolean {
    return this.type === "render_failed" && this.details.retryable === true;
  }

  /**
   * From an error answer and its body as parsed; an answer without the envelope (a proxy's 502) becomes internal_error.
   */
  static fromResponse(response: Response, body: unknown): FolioError {
    const requestId = response.headers.get("x-request-id");
    const retryAfter = retryAfterSeconds(response);
    if (isEnvelope(body)) return new FolioError(body.error, response.status, requestId, null, retryAfter);
    const message =
      `HTTP ${response.status} ${response.statusText} without an error ` +
      `envelope${typeof body === "string" && body ? `: ${body.slice(0, 200)}` : ""}`;
    return new FolioError(
      { type: "internal_error", message, docs_url: "" },
      response.status,
      requestId,
      null,
      retryAfter,
    );
  }

  /** From a queued render that ended `failed`. */
  static fromRender(render: Render): FolioError {
    const body = render.error ?? { type: "render_failed", message: `render ${render.id} failed`, docs_url: "" };
    return new FolioError(body, null, null, render);
  }
}

function isEnvelope(body: unknown): body is { error: ErrorBody } {
  if (typeof body !== "object" || body === null || !("error" in body)) return false;
  const error = (body as { error: unknown }).error;
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as ErrorBody).type === "string" &&
    typeof (error as ErrorBody).message === "string"
  );
}

/** The data of an openapi-fetch answer, or the API's error as a thrown FolioError. */
export async function unwrap<T>(pending: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await pending;
  if (!response.ok) throw FolioError.fromResponse(response, error);
  return data as T;
}
