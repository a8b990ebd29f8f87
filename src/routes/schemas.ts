import { z } from "@hono/zod-openapi";
import { CONTENT_TYPES } from "../contract/shared-rules";

// How a route declares its bodies, answers and headers in the OpenAPI document; what they hold is the contract's
// (src/contract/), which MCP speaks too.

export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}

/** A rendered file's bytes in any of the formats, each served with its own content type. */
export function fileContent(description: string) {
  const binary = { schema: z.string().openapi({ format: "binary" }) };
  return { description, content: Object.fromEntries(Object.values(CONTENT_TYPES).map((type) => [type, binary])) };
}

export function jsonBodyOf<T extends z.ZodType>(schema: T) {
  return { required: true, content: { "application/json": { schema } } };
}

/** The optional header of the four POSTs that create something (docs/requests.md#idempotency-key). */
export const IdempotencyHeader = z.object({
  "Idempotency-Key": z
    .string()
    .min(1)
    .max(255)
    .optional()
    .openapi({
      param: { name: "Idempotency-Key", in: "header" },
      description:
        "1 to 255 printable ASCII characters, scoped to the account for 24 h: a repeat of the same request " +
        "replays its answer (`Idempotent-Replayed: true`) and runs nothing; the same key with another body or " +
        "path is 409 `idempotency_key_reused`, and while the first is running 409 `idempotency_key_in_use` " +
        "with `Retry-After: 1`.",
      example: "order-1042-invoice",
    }),
});

/**
 * The optional guard of a publish: the checksum or the number of the version the caller built on. Another version
 * published meanwhile makes the publish a 409 `version_moved` instead of replacing that version's work.
 */
export const IfMatchHeader = z.object({
  "If-Match": z
    .string()
    .min(1)
    .optional()
    .openapi({
      param: { name: "If-Match", in: "header" },
      description:
        "The template's latest version as the caller last saw it, in one of two forms (quoted or not): its " +
        '`checksum` (64 hex digits), or its number as `v<N>` (`"v3"`), which also catches a change of example ' +
        "or description that the checksum does not cover. When another version has been published since, the " +
        "answer is 409 `conflict` with `details.code` `version_moved` (and `details.latest_version`) and nothing " +
        'is published. Any other value (a weak tag `W/"v3"`, a list, `*`, `v0`) names no version, so it is ' +
        "that 409 too, its message naming the two forms. Without it, a publish always lands on whatever is latest.",
      example: '"v3"',
    }),
});

/** The paging of a list endpoint, newest first: `limit` 1..100 (default 25) and the last id of the previous page. */
export function pageQuery(what: string) {
  return {
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .default(25)
      .openapi({ param: { name: "limit", in: "query" }, description: "1..100, default 25." }),
    starting_after: z
      .string()
      .optional()
      .openapi({
        param: { name: "starting_after", in: "query" },
        description: `The id of the last ${what} of the previous page.`,
      }),
  };
}
