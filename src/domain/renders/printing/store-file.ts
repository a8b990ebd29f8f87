// The finished file into storage, whichever strategy printed it.
import type { ChunkedFile, FinishedFile } from "./finish-print";

/**
 * Stores the file under `key` and answers its stored size: a whole file's bytes as they are; a chunked render's
 * joined PDF streamed from the render backend into storage, so the Worker never holds it.
 */
export async function storeFile(
  files: R2Bucket,
  key: string,
  file: FinishedFile | ChunkedFile,
  contentType: string,
): Promise<number> {
  if ("bytes" in file) {
    await files.put(key, file.bytes, { httpMetadata: { contentType } });
    return file.bytes.byteLength;
  }
  const { joined } = file;
  if (!joined) throw new Error("a chunked render that fits its ceiling always has its joined file");
  const stream = new FixedLengthStream(joined.byteSize);
  const [, stored] = await Promise.all([
    joined.body.pipeTo(stream.writable),
    files.put(key, stream.readable, { httpMetadata: { contentType } }),
  ]);
  return stored?.size ?? joined.byteSize;
}
