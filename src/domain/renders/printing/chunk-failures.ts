// How a chunked render fails, in its own words (docs/rendering.md#long-documents): which chunk, and what to change.
import type { ChunkOption } from "../../../contract/render-options/chunk-option";
import { ServiceError } from "../../../errors";

export function chunkFailure(message: string, reason: string, extra: Record<string, unknown> = {}): ServiceError {
  return new ServiceError("render_failed", message, {
    details: { stage: "browser", reason, retryable: false, ...extra },
  });
}

/** A chunk stopped at a Liquid limit: the way out is a smaller chunk, not chunking the slice again. */
export function smallerChunks(error: unknown, index: number, count: number, size: number): unknown {
  if (!(error instanceof ServiceError)) return error;
  const details = error.extra.details ?? {};
  if (details.limit !== "render_limit" && details.limit !== "memory_limit") return error;
  const cause = String(details.cause ?? error.message);
  return new ServiceError(
    "render_failed",
    `Chunk ${index + 1} of ${count} passed a Liquid limit (${cause}): each chunk has one render's Liquid budget, so ` +
      `lower \`options.chunk.size\` (now ${size}).`,
    { ...error.extra, details: { ...details, chunk: index } },
  );
}

/**
 * A render whose array fitted one chunk (printed as one document) stopped at a Liquid limit or at the memory
 * ceiling: either way, a smaller `size` splits it into pieces.
 */
export function oneChunkFailure(error: unknown, chunk: ChunkOption): unknown {
  if (!(error instanceof ServiceError) || error.extra.details?.reason !== "memory_limit")
    return smallerChunks(error, 0, 1, chunk.size);
  const message = error.message.replace(/ Split it into several renders\.$/, "");
  return new ServiceError(
    error.type,
    `${message} Its array fitted one chunk, which prints as one document: lower \`options.chunk.size\` (now ` +
      `${chunk.size}) so that it prints in pieces.`,
    error.extra,
  );
}

/** All the chunks' Liquid passed the chunked render's budget by chunk `index`. */
export function liquidBudgetSpent(limitMs: number, index: number, count: number): ServiceError {
  return new ServiceError(
    "render_failed",
    `The chunks' Liquid took over ${limitMs / 1000} s in all by chunk ${index + 1} of ${count}: a chunked render ` +
      "may use ten single renders' Liquid time. Simplify the template's per-row work.",
    { details: { stage: "template", part: "source", limit: "render_limit", chunk: index } },
  );
}
