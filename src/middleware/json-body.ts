import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ServiceError } from "../errors";

export const MAX_BODY_BYTES = 5 * 1024 * 1024;

function tooLarge(received: number): ServiceError {
  return new ServiceError("invalid_request", `The request body is larger than ${MAX_BODY_BYTES} bytes.`, {
    details: { max_bytes: MAX_BODY_BYTES, received_bytes: received },
    errors: [{ path: "body", message: "The request body is too large.", expected: `at most ${MAX_BODY_BYTES} bytes`, received: `${received} bytes` }],
  });
}

/** Reads at most `limit` bytes, so a huge body is refused without being buffered whole. */
async function readCapped(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge(declared);
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) throw tooLarge(size);
    chunks.push(chunk);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/**
 * Every POST and PATCH body is JSON whatever its content-type says (curl's `-d` sends a form type):
 * parsed once here, so handlers validate a value and never see bytes.
 */
export const jsonBody = createMiddleware<AppEnv>(async (c, next) => {
  // /mcp speaks JSON-RPC and reads its own body.
  if ((c.req.method !== "POST" && c.req.method !== "PATCH") || c.req.path === "/mcp") return next();
  const bytes = await readCapped(c.req.raw, MAX_BODY_BYTES);
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === "") {
    c.set("body", undefined);
    return next();
  }
  try {
    c.set("body", JSON.parse(text));
  } catch (cause) {
    throw new ServiceError("invalid_request", "The request body is not valid JSON.", {
      errors: [{ path: "body", message: `The body could not be parsed as JSON: ${(cause as Error).message}`, expected: "a JSON document", received: "unparseable text" }],
    });
  }
  await next();
});
