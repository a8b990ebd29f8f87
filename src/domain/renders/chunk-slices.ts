// The data each chunk of a chunked render is rendered with (docs/rendering.md#long-documents): the whole data, the
// array at `over` replaced by the chunk's slice, and the `chunk` variable beside it.
import type { ChunkOption } from "../../contract/render-options/chunk-option";

/** The `chunk` variable a template reads: which chunk this is and where its slice starts in the whole array. */
export interface ChunkVariable {
  index: number;
  count: number;
  first: boolean;
  last: boolean;
  /** The position of the slice's first item in the whole array: `offset` plus forloop.index0 numbers a row. */
  offset: number;
  /** The items in this slice (the last one may hold fewer than `options.chunk.size`). */
  size: number;
}

/** A copy of `data` with the value at `keys` replaced; only the objects on the path are copied. */
function replaced(data: unknown, keys: string[], value: unknown): unknown {
  const [key, ...rest] = keys;
  if (key === undefined) return value;
  const object = data as Record<string, unknown>;
  return { ...object, [key]: replaced(object[key], rest, value) };
}

/** How many chunks `items` items make: an empty array is one chunk with an empty slice. */
export function chunkCount(items: number, size: number): number {
  return Math.max(1, Math.ceil(items / size));
}

/** The data for chunk `index` of `array` (the array at `chunk.over` in `data`), with its `chunk` variable. */
export function chunkData(data: unknown, array: unknown[], chunk: ChunkOption, index: number): Record<string, unknown> {
  const count = chunkCount(array.length, chunk.size);
  const offset = index * chunk.size;
  const slice = array.slice(offset, offset + chunk.size);
  const variable: ChunkVariable = {
    index,
    count,
    first: index === 0,
    last: index === count - 1,
    offset,
    size: slice.length,
  };
  return { ...(replaced(data, chunk.over.split("."), slice) as Record<string, unknown>), chunk: variable };
}

/** The whole data as one chunk (a preview, which shows the document as one print, up to its page limit). */
export function wholeAsOneChunk(data: unknown, array: unknown[]): Record<string, unknown> {
  const variable: ChunkVariable = { index: 0, count: 1, first: true, last: true, offset: 0, size: array.length };
  return { ...(data as Record<string, unknown>), chunk: variable };
}

/**
 * The pages a chunked render is heading for once `done` of its `items` items have printed `pages` pages: the pages
 * per item so far over the whole array, as the money ceiling projects it (docs/money.md#page-ceiling). Counting items,
 * not chunks, keeps a short last chunk from inflating it.
 */
export function projectedPages(pages: number, done: number, items: number): number {
  return done === 0 ? pages : Math.ceil((pages * items) / done);
}
