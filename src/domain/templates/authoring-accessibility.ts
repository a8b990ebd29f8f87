// A `pdfua` template's example rendered with Liquid alone, no browser, when it is saved or validated, so what its
// HTML shows that the PDF/UA-1 check refuses is a warning at the source's line before the first render fails for it
// (docs/accessibility.md#while-you-write). Warnings never block a save.
import type { RenderOptions } from "../../contract/render-options/options-schema";
import { ServiceError } from "../../errors";
import { authoringFindings } from "../../render/accessibility/html-findings";
import { markStartTags } from "../../render/accessibility/source-marks";
import { renderLiquid } from "../../render/liquid/liquid";

/** A template warning naming the checkpoint (or FOLIO rule) a `pdfua` render of the example would fail. */
export interface AuthoringWarning {
  path: "source";
  code: "accessibility";
  rule: string;
  message: string;
}

/** At most `max` warnings, each at the line and column of the element that shows it (or its nearest written one). */
export async function accessibilityAuthoringWarnings(
  version: { engine: string; source: string; options: unknown },
  example: unknown,
  max: number,
): Promise<AuthoringWarning[]> {
  const options = version.options as RenderOptions;
  // A satori card is no page Chromium tags: its PDF takes its language from the options alone.
  if (!options.pdfua || version.engine !== "chromium") return [];
  const marked = markStartTags(version.source);
  if (marked === null) return [];
  let html: string;
  try {
    // The Liquid budget bounds the HTML this reads, as it bounds a render's.
    html = await renderLiquid(marked, { data: example ?? {}, instant: new Date() });
  } catch (error) {
    // Liquid that fails is the Liquid warnings' concern, or the render's: there is no page to read.
    if (error instanceof ServiceError) return [];
    throw error;
  }
  const declared = { lang: Boolean(options.metadata?.lang?.trim()), title: Boolean(options.metadata?.title?.trim()) };
  return authoringFindings(html, declared, max).map(({ rule, message, line, column }) => ({
    path: "source",
    code: "accessibility",
    rule,
    message: `\`source\` (line ${line}, column ${column}): ${message}; a \`pdfua\` render fails the check with ${rule}.`,
  }));
}
