import type { RenderOptions } from "../../contract/render-options/options-schema";
import { type OutputFormat as Format, OUTPUT_FORMATS } from "../../contract/shared-rules";
import { type FieldError, ServiceError } from "../../errors";
import { receivedPhrase } from "../../lib/field-errors";

type Engine = "chromium" | "satori";

const PDF = ["pdf"] as const;
const RASTER = ["png", "jpg"] as const;
const ALL = OUTPUT_FORMATS;

/**
 * The formats each option serves, by template engine (the last columns of /docs#options). A satori card keeps its
 * own size in every format (docs/rendering.md#card-documents), so its `width` and `height` size its PDF page too, and
 * nothing pages, crops or margins it (so no header or footer either: they print in the margin).
 * Typed over every option, so a new option cannot be added without saying what it serves.
 */
const SERVES: Record<keyof RenderOptions, Record<Engine, readonly Format[]>> = {
  page_size: { chromium: PDF, satori: [] },
  landscape: { chromium: PDF, satori: [] },
  margin: { chromium: PDF, satori: [] },
  print_background: { chromium: PDF, satori: PDF },
  scale: { chromium: PDF, satori: PDF },
  header_html: { chromium: PDF, satori: [] },
  footer_html: { chromium: PDF, satori: [] },
  metadata: { chromium: PDF, satori: PDF },
  width: { chromium: RASTER, satori: ALL },
  height: { chromium: RASTER, satori: ALL },
  full_page: { chromium: RASTER, satori: [] },
  device_scale_factor: { chromium: RASTER, satori: RASTER },
  quality: { chromium: ["jpg"], satori: ["jpg"] },
  omit_background: { chromium: ["png"], satori: ["png"] },
  timeout_ms: { chromium: ALL, satori: ALL },
  chunk: { chromium: PDF, satori: [] },
  // Document finishing (/docs#finishing): a card's one-page PDF can be tagged, marked, archived, carry files and be
  // locked, but it has no headings to bookmark or list, and an e-invoice's visual side is an invoice document.
  tagged: { chromium: PDF, satori: PDF },
  outline: { chromium: PDF, satori: [] },
  toc: { chromium: PDF, satori: [] },
  watermark: { chromium: PDF, satori: PDF },
  pdfa: { chromium: PDF, satori: PDF },
  pdfua: { chromium: PDF, satori: PDF },
  attachments: { chromium: PDF, satori: PDF },
  e_invoice: { chromium: PDF, satori: [] },
  encryption: { chromium: PDF, satori: PDF },
  sign: { chromium: PDF, satori: PDF },
};

/**
 * Why an option serves no format of a satori template, when the general reason (a card is one page, no margin) does not
 * say it.
 */
const SATORI_REASONS: Partial<Record<keyof RenderOptions, string>> = {
  full_page: "its image is always the card, width x height",
  chunk: "a card is one page, made from the whole of its data",
  outline: "a card has no headings to bookmark",
  toc: "a card has no headings to list",
  e_invoice: "render the invoice from a chromium template",
};

/** "pdf", "png and jpg"...: what `key` serves for each engine, in words (for the documentation). */
export function servedFormats(key: string): Record<Engine, string> {
  const entry = SERVES[key as keyof RenderOptions];
  const words = (formats: readonly Format[] | undefined) => (formats?.length ? formats.join(", ") : "none");
  return { chromium: words(entry?.chromium), satori: words(entry?.satori) };
}

function serves(key: string, engine: Engine, format: Format): boolean {
  // An XML file's options are those of the PDF inside it, which its receiver must be able to open, and which is
  // printed in one piece (the XML embeds it whole).
  if (format === "xml") return key !== "encryption" && key !== "chunk" && serves(key, engine, "pdf");
  return SERVES[key as keyof RenderOptions]?.[engine].includes(format) ?? true;
}

function refusalMessage(key: string, engine: Engine): string {
  const formats = SERVES[key as keyof RenderOptions][engine];
  if (formats.length > 0) return `\`${key}\` applies to ${formats.join(" and ")} only.`;
  const reason =
    SATORI_REASONS[key as keyof RenderOptions] ?? "its PDF is one page of the card's width x height, with no margin";
  return `\`${key}\` does not apply to a satori template: ${reason}.`;
}

/**
 * A request's options that do not serve the format it asks for are refused (400 at `options.<key>`), every one named.
 */
export function refuseInapplicableOptions(options: RenderOptions | undefined, engine: Engine, format: Format): void {
  const errors: FieldError[] = Object.entries(options ?? {})
    .filter(([key]) => !serves(key, engine, format))
    .map(([key, value]) => ({
      path: `options.${key}`,
      message: refusalMessage(key, engine),
      expected: `no \`${key}\` for ${format} output`,
      received: receivedPhrase(value),
    }));
  const [first] = errors;
  if (!first) return;
  const more =
    errors.length > 1
      ? ` And ${errors.length - 1} more option${errors.length > 2 ? "s" : ""} that ${format} output does not use.`
      : "";
  throw new ServiceError("invalid_request", `${first.message}${more}`, { errors });
}

/**
 * The options a render of `format` uses: template defaults that serve its other formats are ignored, not refused. A
 * UBL e-invoice is an XML file, so it serves `xml` alone (one the request itself gives is refused at `format`).
 */
export function applicableOptions(options: RenderOptions, engine: Engine, format: Format): RenderOptions {
  const used = Object.entries(options).filter(([key]) => serves(key, engine, format));
  const ublElsewhere = options.e_invoice?.standard === "ubl" && format !== "xml";
  return Object.fromEntries(ublElsewhere ? used.filter(([key]) => key !== "e_invoice") : used) as RenderOptions;
}
