import { createHash } from "node:crypto";
import type { TemplateFolder } from "./template-folder.js";

/**
 * RFC 8785 JSON Canonicalization, as the service computes it (src/lib/jcs.ts): ECMAScript's own number and
 * string serialization is what the RFC specifies, so only the key order (UTF-16 code units) is added.
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

/**
 * The checksum the service would give this folder's definition (src/domain/templates/checksum.ts): SHA-256
 * of the canonical JSON of engine, options, schema and source. Equal checksums render the same, so
 * `folio push` publishes only when this differs from the latest version's.
 */
export function folderChecksum(folder: TemplateFolder): string {
  const definition = {
    engine: folder.meta.engine,
    options: folder.options,
    schema: folder.schema,
    source: folder.source,
  };
  return createHash("sha256").update(canonicalJson(definition)).digest("hex");
}
