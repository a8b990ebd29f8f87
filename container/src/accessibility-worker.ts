// The PDF/UA-1 mends and checker in a thread of their own (accessibility-thread.ts starts it).
import { mendAndCheck } from "@folio/render-page/pdfua/accessibility-job";
import type { AccessibilityInput } from "./accessibility-thread.ts";
import { serveSideThread } from "./serve-side-thread.ts";

serveSideThread(
  {},
  ({ pdf, options }: AccessibilityInput) => mendAndCheck(pdf, options),
  // pdf-lib's own words go to the log.
  {
    type: "render_failed",
    message: "The PDF could not be mended and checked for accessibility.",
    details: { stage: "accessibility" },
  },
  (result) => [result.pdf.buffer as ArrayBuffer],
);
