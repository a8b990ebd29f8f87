import type { Client } from "openapi-fetch";
import { CONTENT_TYPES } from "./contract.js";
import { unwrap } from "./errors.js";
import type { components, paths } from "./schema.js";

export type PreviewRequest = components["schemas"]["PreviewRequest"];
type TemplateWarning = components["schemas"]["TemplateWarning"];

/** A preview's file and what its headers say of it. */
export interface PreviewFile {
  bytes: Uint8Array<ArrayBuffer>;
  /** `application/pdf`, `image/png` or `image/jpeg`. */
  contentType: string;
  pageCount: number;
  /** The template's warnings (they never stop a preview). */
  warnings: TemplateWarning[];
  /** True when the template has more warnings than the header carried (at most 100, and 8 KB of them). */
  warningsTruncated: boolean;
  /** True when the document has more pages than the preview printed. */
  truncated: boolean;
  /** An e-invoice's rule sets: those that checked the XML, and those that did not run (null: no e-invoice). */
  eInvoiceRules: EInvoiceRules | null;
}

/** `X-Service-E-Invoice-Rules`: the rule sets applied to a preview's e-invoice, and those not applied. */
export interface EInvoiceRules {
  rules: Array<{ name: string; version: string }>;
  rules_not_applied: Array<{ name: string; reason: string }>;
}

/**
 * `X-Service-Warnings`: base64url of the JSON array of the template's warnings. An absent or unreadable header
 * is no warnings: they are advice, and a preview that came back is worth more than a failure over them.
 */
function decodeWarnings(header: string | null): TemplateWarning[] {
  const parsed = decodeJsonHeader(header);
  return Array.isArray(parsed) ? (parsed as TemplateWarning[]) : [];
}

/** `X-Service-E-Invoice-Rules`, read as leniently as the warnings: unreadable is unknown. */
function decodeEInvoiceRules(header: string | null): EInvoiceRules | null {
  const parsed = decodeJsonHeader(header) as Partial<EInvoiceRules> | null;
  return parsed && Array.isArray(parsed.rules) && Array.isArray(parsed.rules_not_applied)
    ? (parsed as EInvoiceRules)
    : null;
}

/** A header holding base64url JSON, decoded; null when absent or unreadable. */
function decodeJsonHeader(header: string | null): unknown {
  if (!header) return null;
  try {
    const base64 = header.replace(/-/g, "+").replace(/_/g, "/");
    const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))) as unknown;
  } catch {
    return null;
  }
}

/** A successful POST /v1/previews answer read into a PreviewFile, for callers who make the request themselves. */
export function previewFile(response: Response, bytes: Uint8Array<ArrayBuffer>): PreviewFile {
  // The media type without its parameters (`; charset=...`).
  const [mediaType = CONTENT_TYPES.pdf] = (response.headers.get("content-type") ?? CONTENT_TYPES.pdf).split(";");
  return {
    bytes,
    contentType: mediaType.trim(),
    pageCount: Number(response.headers.get("x-service-page-count") ?? "1"),
    warnings: decodeWarnings(response.headers.get("x-service-warnings")),
    warningsTruncated: response.headers.get("x-service-warnings-truncated") === "true",
    truncated: response.headers.get("x-service-preview-truncated") === "true",
    eInvoiceRules: decodeEInvoiceRules(response.headers.get("x-service-e-invoice-rules")),
  };
}

/** POST /v1/previews: renders an unsaved definition (watermarked, never stored or billed); throws FolioError. */
export async function preview(api: Client<paths>, request: PreviewRequest, signal?: AbortSignal): Promise<PreviewFile> {
  const pending = api.POST("/v1/previews", { body: request, parseAs: "arrayBuffer", ...(signal ? { signal } : {}) });
  const bytes = new Uint8Array(await unwrap(pending));
  return previewFile((await pending).response, bytes);
}
