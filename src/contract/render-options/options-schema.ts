import { z } from "../../lib/openapi-zod";
import { ChunkSchema } from "./chunk-option";
import { cssLength } from "./css-length";
import { finishingOptionFields } from "./finishing-options";

// A BCP 47 language tag's shape (RFC 5646 section 2.1): a 2-3 letter language (or 4-8 registered), then subtags of
// 1-8 letters or digits; the registry itself is not consulted, as a reader falls back to the primary language.
const BCP47 = /^(?:[A-Za-z]{2,3}|[A-Za-z]{4,8})(?:-[A-Za-z0-9]{1,8})*$/;
const BCP47_WORDS = "a BCP 47 language tag such as en, de-CH or zh-Hant-TW";

export const PAGE_SIZES = ["A3", "A4", "A5", "Letter", "Legal", "Tabloid"] as const;

/**
 * Every render option (/docs#options and /docs#finishing). Unknown keys are refused, so a typo never silently does
 * nothing.
 */
export const RenderOptionsSchema = z
  .strictObject({
    page_size: z
      .union([z.enum(PAGE_SIZES), z.strictObject({ width: cssLength, height: cssLength })], {
        error: `one of ${PAGE_SIZES.join(", ")}, or {width, height} as CSS lengths`,
      })
      .optional()
      .openapi({ description: "PDF page size; default A4." }),
    landscape: z.boolean().optional(),
    margin: z
      .union(
        [
          cssLength,
          z.strictObject({
            top: cssLength.optional(),
            right: cssLength.optional(),
            bottom: cssLength.optional(),
            left: cssLength.optional(),
          }),
        ],
        {
          error: "a CSS length such as 12mm, or {top, right, bottom, left} as CSS lengths",
        },
      )
      .optional(),
    print_background: z.boolean().optional(),
    scale: z.number().min(0.1).max(2).optional(),
    header_html: z.string().optional().openapi({
      description: 'Liquid rendered with the same data; `<span class="pageNumber">` and `totalPages` work.',
    }),
    footer_html: z.string().optional(),
    metadata: z
      .strictObject({
        title: z.string().optional(),
        author: z.string().optional(),
        subject: z.string().optional(),
        keywords: z.string().optional(),
        creator: z.string().optional(),
        lang: z.string().regex(BCP47, { error: BCP47_WORDS }).optional().openapi({
          example: "de-CH",
          description: "The document's language when `<html lang>` gives none (a PDF's `/Lang`).",
        }),
      })
      .optional(),
    width: z
      .int()
      .min(1)
      .max(5000)
      .optional()
      .openapi({ description: "Raster width in px; satori default 1200, chromium 1280." }),
    height: z.int().min(1).max(5000).optional(),
    full_page: z.boolean().optional(),
    device_scale_factor: z.number().min(1).max(3).optional(),
    quality: z.int().min(1).max(100).optional(),
    omit_background: z.boolean().optional(),
    timeout_ms: z
      .int()
      .min(1000)
      .max(30000)
      .optional()
      .openapi({ description: "Milliseconds on a browser page; a chunked render's limit for each chunk." }),
    chunk: ChunkSchema.optional(),
    ...finishingOptionFields,
  })
  .openapi("RenderOptions");

export type RenderOptions = z.infer<typeof RenderOptionsSchema>;
