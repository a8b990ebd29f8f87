import type { TemplateDefinition } from "./checksum";

/** A template or version as submitted; `undefined` means "not given" (inherit on publish), `null` clears `example`. */
export interface TemplateInput {
  source: string;
  engine?: TemplateDefinition["engine"] | undefined;
  schema?: Record<string, unknown> | undefined;
  options?: Record<string, unknown> | undefined;
  expected_pages?: number | undefined;
  example?: unknown;
  description?: string | undefined;
  message?: string | undefined;
}

export const DEFAULT_EXPECTED_PAGES = 1;

export function exampleColumn(example: unknown): string | null {
  return example === undefined || example === null ? null : JSON.stringify(example);
}
