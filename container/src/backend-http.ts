// The render backend's HTTP plumbing: JSON answers, bodies read with a ceiling, failures as the Worker reads them.
import type { IncomingMessage, ServerResponse } from "node:http";
import { BACKEND_CONTENT_TYPES } from "@folio/render-page/backend-http-surface";
import { failureBody, JobFailure } from "@folio/render-page/job-failure";

const MAX_BODY_BYTES = 20 * 1024 * 1024;

/** A JSON answer; a failure that says when to retry (a disk ceiling) carries it as `Retry-After` too. */
export function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  const retryAfter = (body as { error?: { details?: { retry_after_seconds?: unknown } } }).error?.details
    ?.retry_after_seconds;
  res.writeHead(status, {
    "content-type": BACKEND_CONTENT_TYPES.json,
    "content-length": Buffer.byteLength(text),
    ...(typeof retryAfter === "number" ? { "retry-after": String(retryAfter) } : {}),
  });
  res.end(text);
}

export function sendFailure(res: ServerResponse, error: unknown): void {
  const { status, body } = failureBody(error);
  send(res, status, body);
}

/** The request's body as bytes, refused past MAX_BODY_BYTES. */
export async function readBytes(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES)
      throw new JobFailure("render_failed", "The request is too large.", {
        stage: "browser",
        reason: "job_too_large",
        retryable: false,
      });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The request's body as text, refused past MAX_BODY_BYTES. */
export const readBody = async (req: IncomingMessage): Promise<string> => (await readBytes(req)).toString("utf8");
