// What a render stopped at the memory ceiling or the Liquid time limit should do next (docs/rendering.md#long-
// documents): render in chunks over the data's longest array, named with its dotted path and a size to start from.

/** Items per chunk suggested in a hint: about 20 statement pages of rows, well inside every per-chunk limit. */
const SUGGESTED_SIZE = 500;

/** The longest array reachable through object keys only (an `over` path cannot go through an index). */
export function longestArray(data: unknown, path: string[] = []): { path: string; length: number } | null {
  if (Array.isArray(data)) return path.length > 0 ? { path: path.join("."), length: data.length } : null;
  if (data === null || typeof data !== "object") return null;
  let best: { path: string; length: number } | null = null;
  for (const [key, value] of Object.entries(data)) {
    if (key.includes(".") || /^\d+$/.test(key)) continue;
    const found = longestArray(value, [...path, key]);
    if (found && (!best || found.length > best.length)) best = found;
  }
  return best;
}

/** One sentence for the end of a failure's message, or the general advice when the data has no array to name. */
export function chunkHint(data: unknown): string {
  const longest = longestArray(data);
  if (!longest || longest.length < 2) return "A very long document needs splitting into several renders.";
  const size = Math.min(SUGGESTED_SIZE, Math.max(1, Math.ceil(longest.length / 4)));
  return (
    `Render it in chunks over its longest array, \`${longest.path}\` (${longest.length.toLocaleString("en-US")} ` +
    `items): add "chunk": {"over": "${longest.path}", "size": ${size}} to the options (/docs#long-documents).`
  );
}
