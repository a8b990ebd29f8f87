// The rules of `options.chunk` (docs/rendering.md#long-documents) that need the request's data and its other options;
// the option's shape is the contract's (src/contract/render-options/chunk-option.ts).

import { CHUNK_PATH_WORDS } from "../../contract/render-options/chunk-option";
import type { RenderOptions } from "../../contract/render-options/options-schema";
import { type FieldError, ServiceError } from "../../errors";
import { receivedPhrase } from "../../lib/field-errors";

/** The value at `path` (dotted keys) in `data`, or undefined. */
export function valueAtPath(data: unknown, path: string): unknown {
  let value = data;
  for (const key of path.split(".")) {
    if (value === null || typeof value !== "object" || Array.isArray(value) || !Object.hasOwn(value, key))
      return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Options that cannot go with `chunk`, and why: both read one print's whole structure tree. */
const WHOLE_PRINT_ONLY: Partial<Record<keyof RenderOptions, string>> = {
  outline: "bookmarks come from one print's headings",
  toc: "a table of contents lists one print's headings and their pages",
  tagged: "the structure tree is one print's own",
  pdfua: "the structure tree is one print's own, and the check reads it whole",
  sign: "a signature covers one whole file, and a chunked render's file is joined as it streams into storage",
};

/**
 * A chunked render's problems, each a 400 naming its place: `over` must name an array of the data, and the options
 * that are made from one print's whole structure cannot be combined with it.
 */
export function refuseChunkProblems(options: RenderOptions, data: unknown): void {
  const chunk = options.chunk;
  if (!chunk) return;
  const errors: FieldError[] = [];
  const target = valueAtPath(data, chunk.over);
  if (!Array.isArray(target))
    errors.push({
      path: "options.chunk.over",
      message: `\`options.chunk.over\` must name an array in \`data\`: "${chunk.over}" is ${receivedPhrase(target)}.`,
      expected: CHUNK_PATH_WORDS,
      received: receivedPhrase(target),
    });
  for (const [key, reason] of Object.entries(WHOLE_PRINT_ONLY))
    if (options[key as keyof RenderOptions])
      errors.push({
        path: `options.${key}`,
        message: `\`${key}\` cannot be combined with \`chunk\`: ${reason}, and a chunked render is several prints.`,
        expected: `no \`${key}\` with \`chunk\``,
        received: receivedPhrase(options[key as keyof RenderOptions]),
      });
  const [first] = errors;
  if (first) throw new ServiceError("invalid_request", first.message, { errors });
}
