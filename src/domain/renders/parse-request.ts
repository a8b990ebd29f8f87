// POST /v1/render's body (and each of a batch's renders) and the render tool's arguments (one schema,
// src/contract/renders.ts), as the domain takes them.
import type { RenderRequestBody } from "../../contract/renders";
import { ServiceError } from "../../errors";
import type { z } from "../../lib/openapi-zod";
import { invalidReference, parseReference } from "../templates/reference";
import type { RenderRequest } from "./create-render";

type Body = z.infer<typeof RenderRequestBody>;

/** Refusals that need a word more than a field error: `webp` and a webhook URL that is not absolute. */
export function precheckRenderBody(body: unknown, production: boolean, prefix = ""): void {
  if (!body || typeof body !== "object") return;
  const { format, webhook_url: webhookUrl } = body as Record<string, unknown>;
  if (typeof format === "string" && format.toLowerCase() === "webp") {
    throw new ServiceError("invalid_request", "`webp` output is not part of v1; use png or jpg.", {
      errors: [
        {
          path: `${prefix}format`,
          message: "`webp` is not supported.",
          expected: "pdf, png, jpg or jpeg",
          received: "webp",
          example: "png",
        },
      ],
      details: { note: "webp is not part of API v1: request png (lossless) or jpg (lossy) instead." },
    });
  }
  if (typeof webhookUrl === "string") refuseBadWebhookUrl(webhookUrl, production, `${prefix}webhook_url`);
}

/** A webhook URL must be an absolute http(s) URL, https in production: else 400 at `path`. */
export function refuseBadWebhookUrl(value: string, production: boolean, path: string): void {
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {}
  const problem =
    !url || !/^https?:$/.test(url.protocol)
      ? "an absolute http(s) URL"
      : production && url.protocol !== "https:"
        ? "an https URL"
        : null;
  if (!problem) return;
  const name = path.split(".").at(-1) ?? path;
  throw new ServiceError("invalid_request", `\`${name}\` must be ${problem}.`, {
    errors: [
      {
        path,
        message: `\`${name}\` must be ${problem}.`,
        expected: problem,
        received: value,
        example: "https://example.com/hooks/folio",
      },
    ],
  });
}

/**
 * Folds `version` into the reference; a pinned reference and a different `version` contradict each other.
 * `receivedAt` is when the request came in, the instant the render will read.
 */
export function toRenderRequest(body: Body, receivedAt: Date, prefix = ""): RenderRequest {
  const ref = parseReference(body.template, `${prefix}template`);
  if (body.version !== undefined) {
    if (ref.version !== null && ref.version !== body.version)
      throw invalidReference(`${body.template} with version ${body.version}`, `${prefix}version`);
    ref.version = body.version;
  }
  return {
    ref,
    format: body.format === "jpeg" ? "jpg" : body.format,
    data: body.data === undefined ? {} : body.data,
    options: body.options,
    webhookUrl: body.webhook_url,
    async: body.async,
    receivedAt,
  };
}
