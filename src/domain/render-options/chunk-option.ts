// `options.chunk` (docs/rendering.md#long-documents): the template rendered once per slice of one array of the data,
// each slice printed in turn and the pieces joined into one PDF in the render backend.
import { type FieldError, ServiceError } from "../../errors";
import { receivedPhrase } from "../../lib/field-errors";
import { z } from "../../lib/openapi-zod";
import type { RenderOptions } from "./options-schema";

/** The most items one chunk may hold, and the most pages a chunked render may produce. */
export const MAX_CHUNK_SIZE = 10_000;
export const MAX_CHUNKED_PAGES = 10_000;

const PATH_WORDS = 'a dotted path of keys to an array in `data`, such as "statement.lines" (keys only, no indices)';

/** Keys only: an all-digit segment or brackets would name an index, which a chunk cannot start from. */
function isDottedKeys(path: string): boolean {
  return path.split(".").every((key) => key !== "" && !/^\d+$/.test(key) && !/[[\]]/.test(key));
}

export const ChunkSchema = z
  .strictObject({
    over: z
      .string()
      .refine(isDottedKeys, { error: PATH_WORDS })
      .openapi({ example: "statement.lines", description: PATH_WORDS }),
    size: z
      .int()
      .min(1)
      .max(MAX_CHUNK_SIZE)
      .openapi({ example: 500, description: `Items per chunk, 1 to ${MAX_CHUNK_SIZE.toLocaleString("en-US")}.` }),
  })
  .openapi("Chunk", {
    description:
      "Chromium PDF only: render the template once per slice of the array at `over` (with a `chunk` variable: index, " +
      "count, first, last, offset, size), print the slices one after another and join them into one PDF whose page " +
      "numbers, header, footer and finishing are those of one document (/docs#long-documents).",
  });

export type ChunkOption = z.infer<typeof ChunkSchema>;

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
      expected: PATH_WORDS,
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
