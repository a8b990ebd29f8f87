import { sha256Hex } from "../../lib/crypto";
import { canonicalJson } from "../../lib/jcs";

export interface TemplateDefinition {
  engine: "chromium" | "satori";
  source: string;
  schema: Record<string, unknown>;
  options: Record<string, unknown>;
}

/**
 * SHA-256 over exactly what changes the output: engine, raw source, and the canonical JSON of schema and
 * options. Name, version, description, example and message stay out, so editing them keeps the cache warm,
 * and re-publishing an older definition gets that version's checksum back.
 */
export function templateChecksum({ engine, source, schema, options }: TemplateDefinition): Promise<string> {
  return sha256Hex(canonicalJson({ engine, options, schema, source }));
}
