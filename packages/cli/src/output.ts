import { FolioError } from "@folio/sdk";

/**
 * Exit codes a script can rely on: 0 done; 1 the service refused or failed (an API error, data that fails
 * validation, a failed render, the service unreachable); 2 the command itself is wrong (flags, arguments,
 * local files, no credentials).
 */
export const EXIT = { ok: 0, api: 1, usage: 2 } as const;

/** A mistake in how the command was called or in the local files: exit 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/**
 * The command would overwrite someone's work on the service (another template, or versions published since the
 * folder was pulled): it stops before sending anything, exit 1, with what it found in `details`.
 */
export class Refused extends Error {
  override readonly name = "Refused";
  constructor(
    message: string,
    readonly details: Record<string, unknown>,
  ) {
    super(message);
  }
}

export interface Output {
  json: boolean;
  /** The command's answer: JSON on stdout with --json, else the human text. */
  result(value: unknown, human: string): void;
  /** Progress and notes, always on stderr so stdout stays the answer. */
  note(message: string): void;
}

export function output(json: boolean): Output {
  return {
    json,
    result: (value, human) => {
      process.stdout.write(json ? `${JSON.stringify(value)}\n` : human.endsWith("\n") ? human : `${human}\n`);
    },
    note: (message) => {
      process.stderr.write(`${message}\n`);
    },
  };
}

/**
 * Node's fetch says only "fetch failed" when the service cannot be reached; its cause says why (ECONNREFUSED,
 * ENOTFOUND, a timeout). The address it tried is in the cause too, when the system gave one.
 */
function unreachable(error: unknown): string | null {
  if (!(error instanceof TypeError) || error.message !== "fetch failed") return null;
  const cause = error.cause as { code?: string; address?: string; port?: number; message?: string } | undefined;
  const where = cause?.address ? ` at ${cause.address}${cause.port ? `:${cause.port}` : ""}` : "";
  const why = cause?.code ?? cause?.message ?? "no answer";
  return (
    `could not reach the Folio service${where} (${why}): is it running, and is the base URL right? ` +
    "(folio login --base-url, or FOLIO_BASE_URL)"
  );
}

/**
 * Prints an error on stderr (one JSON line with --json: the API's envelope, or `usage_error`/`client_error`) and
 * answers its exit code.
 */
export function reportError(error: unknown, json: boolean): number {
  if (error instanceof FolioError) {
    const envelope = {
      error: {
        type: error.type,
        message: error.message,
        docs_url: error.docs_url,
        errors: error.errors,
        details: error.details,
        status: error.status,
      },
    };
    const fields = error.errors.map((e) => `\n  ${e.path}: ${e.message}`).join("");
    process.stderr.write(
      json
        ? `${JSON.stringify(envelope)}\n`
        : `error: ${error.type}${error.status ? ` (${error.status})` : ""}: ${error.message}${fields}\n`,
    );
    return EXIT.api;
  }
  const usage = error instanceof UsageError;
  const message = unreachable(error) ?? (error instanceof Error ? error.message : String(error));
  const type = usage ? "usage_error" : error instanceof Refused ? "refused" : "client_error";
  const details = error instanceof Refused ? { details: error.details } : {};
  process.stderr.write(json ? `${JSON.stringify({ error: { type, message, ...details } })}\n` : `error: ${message}\n`);
  return usage ? EXIT.usage : EXIT.api;
}
