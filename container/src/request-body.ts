// A request's body, read whole, refused past what any job of the Worker's can need.
import type { IncomingMessage } from "node:http";
import { JobFailure } from "@folio/render-page/job-failure";

const MAX_BODY_BYTES = 20 * 1024 * 1024;

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
