/**
 * RFC 8785 JSON Canonicalization Scheme. ECMAScript's own number and string serialization is what the
 * RFC specifies, so only key order (UTF-16 code units, which is what the default sort compares) is ours.
 * The service computes template checksums and cache keys with this same source.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    if (typeof value === "number" && !Number.isFinite(value))
      throw new TypeError("JSON cannot hold a non-finite number");
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.keys(value)
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${entries.join(",")}}`;
}

/** What decides a template version's output, and so its checksum. */
export interface TemplateDefinition {
  engine: "chromium" | "satori";
  source: string;
  schema: Record<string, unknown>;
  options: Record<string, unknown>;
}

/**
 * A version's checksum, as `checksum` in the API: SHA-256 (hex) of the canonical JSON of exactly what changes
 * the output, engine, source, schema and options. Name, description, example and message stay out, so
 * equal checksums render the same and re-publishing an older definition gets that version's checksum back.
 */
export async function templateChecksum({ engine, source, schema, options }: TemplateDefinition): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalJson({ engine, options, schema, source }));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
