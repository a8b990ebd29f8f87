// How a job fails, from the page to the Worker: thrown as a JobFailure where it happens, carried as a
// WireFailure (the backend's error body, the Browser Rendering object's return value), and turned into the
// service's error by the Worker's driver.

/** `rate_limited`: the backend holds all the chunk pieces it may for this account or instance (chunk-disk.ts). */
export type FailureType = "asset_blocked" | "render_failed" | "rate_limited";

export class JobFailure extends Error {
  readonly type: FailureType;
  readonly details: Record<string, unknown>;
  constructor(type: FailureType, message: string, details: Record<string, unknown>) {
    super(message);
    this.type = type;
    this.details = details;
  }
}

/** A job's failure as it travels back to the Worker. */
export interface WireFailure {
  type: FailureType;
  message: string;
  details: Record<string, unknown>;
}

/**
 * Any error a job ended in, as a WireFailure. One Chromium itself threw (not a JobFailure) is transient
 * when it says the browser or its connection went away: the same job may then succeed on another try.
 */
export function wireFailure(error: unknown): WireFailure {
  if (error instanceof JobFailure) return { type: error.type, message: error.message, details: error.details };
  const message = (error as Error).message ?? String(error);
  return {
    type: "render_failed",
    message: `Chromium failed: ${message}`,
    details: {
      stage: "browser",
      transient: /Target closed|Session closed|Protocol error|disconnected/i.test(message),
      cause: message,
    },
  };
}

const FAILURE_STATUS = { asset_blocked: 400, rate_limited: 429, render_failed: 500 } as const;

/** The backend's `{error}` body for a failed job: 400 when an asset was refused, 429 past a disk ceiling, else 500. */
export function failureBody(error: unknown): { status: 400 | 429 | 500; body: { error: WireFailure } } {
  const failure = wireFailure(error);
  return { status: FAILURE_STATUS[failure.type], body: { error: failure } };
}

/** A failure body read back from the backend's answer with `status`; whatever it lacks, a render failure. */
export function failureFromBody(status: number, body: unknown): WireFailure {
  const error = (body as { error?: Partial<WireFailure> } | null)?.error;
  return {
    type: error?.type === "asset_blocked" || error?.type === "rate_limited" ? error.type : "render_failed",
    message: error?.message ?? `The render backend answered ${status}.`,
    details: error?.details ?? {},
  };
}
