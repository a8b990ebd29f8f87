/**
 * Rules the service and its clients share. This file imports nothing: the Worker bundles this very source,
 * the SDK exports it, so a rule is written once for the API, the SDK and the CLI.
 */

/**
 * A template name, once lowercased: 1 to 63 characters of a-z, 0-9, `.`, `_` and `-`, starting with a letter or digit.
 */
export const TEMPLATE_NAME_PATTERN = /^[a-z0-9][a-z0-9._-]{0,62}$/;

/**
 * The formats a render is stored as (a request may also say `jpeg`, stored as `jpg`). `xml` is a UBL e-invoice with
 * its PDF inside (README, "E-invoices").
 */
export const OUTPUT_FORMATS = ["pdf", "png", "jpg", "xml"] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** The content type each format is served with: rendered files, previews and their documentation. */
export const CONTENT_TYPES = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  xml: "application/xml",
} as const satisfies Record<OutputFormat, string>;
