import { concatBytes } from "./bytes";

/**
 * Reads a body into memory, refusing it (via `tooLarge`) as soon as it passes `limit` bytes: a huge body is never
 * buffered whole.
 */
export async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
  tooLarge: (size: number) => Error,
): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) throw tooLarge(size);
    chunks.push(chunk);
  }
  return concatBytes(chunks);
}
