import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { ServiceError } from "../errors";
import { refuseDeepJson } from "../lib/json-depth";
import { readCapped } from "../lib/read-capped";

export const MAX_BODY_BYTES = 5 * 1024 * 1024;

function tooLarge(received: number): ServiceError {
  return new ServiceError("invalid_request", `The request body is larger than ${MAX_BODY_BYTES} bytes.`, {
    details: { max_bytes: MAX_BODY_BYTES, received_bytes: received },
    errors: [
      {
        path: "body",
        message: "The request body is too large.",
        expected: `at most ${MAX_BODY_BYTES} bytes`,
        received: `${received} bytes`,
      },
    ],
  });
}

/** The body as text, refused as soon as it passes MAX_BODY_BYTES (declared or actual). */
export async function readBodyText(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge(declared);
  return new TextDecoder().decode(await readCapped(request.body, MAX_BODY_BYTES, tooLarge));
}

/**
 * The routes' validators (app.openapi) read the body as `application/json` and refuse any other type: the request
 * is handed on as the JSON it is, its text already read and checked for size and depth. An empty body reaches them
 * as `null`, which no body schema accepts, so the default hook answers that the endpoint needs a body.
 */
function handOnAsJson(c: Context<AppEnv>, text: string): void {
  const headers = new Headers(c.req.raw.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  c.req.raw = new Request(c.req.raw.url, { method: c.req.method, headers, body: text });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new ServiceError("invalid_request", "The request body is not valid JSON.", {
      errors: [
        {
          path: "body",
          message: `The body could not be parsed as JSON: ${(cause as Error).message}`,
          expected: "a JSON document",
          received: "unparseable text",
        },
      ],
    });
  }
}

/**
 * Every POST and PATCH body is JSON whatever its content-type says (curl's `-d` sends a form type): parsed here
 * into `body` (what the idempotency fingerprint and the batch read), then handed to the route's validators.
 */
export const jsonBody = createMiddleware<AppEnv>(async (c, next) => {
  // /mcp speaks JSON-RPC and reads its own body.
  if ((c.req.method !== "POST" && c.req.method !== "PATCH") || c.req.path === "/mcp") return next();
  const text = await readBodyText(c.req.raw);
  const empty = text.trim() === "";
  if (!empty) refuseDeepJson(text);
  c.set("body", empty ? undefined : parseJson(text));
  handOnAsJson(c, empty ? "null" : text);
  await next();
});
