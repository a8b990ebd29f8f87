// `options.chunk` (docs/rendering.md#long-documents): the template rendered once per slice of one array of the data,
// each slice printed in turn and the pieces joined into one PDF in the render backend.
import { z } from "../../lib/openapi-zod";

/** The most items one chunk may hold, and the most pages a chunked render may produce. */
export const MAX_CHUNK_SIZE = 10_000;
export const MAX_CHUNKED_PAGES = 10_000;

/** What `over` must be, in words: a refusal's `expected` and the schema's description. */
export const CHUNK_PATH_WORDS =
  'a dotted path of keys to an array in `data`, such as "statement.lines" (keys only, no indices)';

/** Keys only: an all-digit segment or brackets would name an index, which a chunk cannot start from. */
function isDottedKeys(path: string): boolean {
  return path.split(".").every((key) => key !== "" && !/^\d+$/.test(key) && !/[[\]]/.test(key));
}

export const ChunkSchema = z
  .strictObject({
    over: z
      .string()
      .refine(isDottedKeys, { error: CHUNK_PATH_WORDS })
      .openapi({ example: "statement.lines", description: CHUNK_PATH_WORDS }),
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
