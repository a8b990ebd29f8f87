// The PDF/UA-1 mends and checker in a thread of their own (accessibility-thread.ts starts it), a job's pages worked
// in a thread of this one's (accessibility-pages.ts) meanwhile.
import { mendAndCheck } from "@folio/render-page/pdfua/accessibility-job";
import { pagesThread } from "./accessibility-pages.ts";
import type { AccessibilityInput } from "./accessibility-thread.ts";
import { inflateWithZlib } from "./native-inflate.ts";
import { serveSideThread } from "./serve-side-thread.ts";

inflateWithZlib();
const pages = pagesThread();

serveSideThread(
  {},
  ({ pdf, options, normalize }: AccessibilityInput) => {
    if (!normalize) return mendAndCheck(pdf, options, pages);
    // A print asked mended with it (accessible-print.ts) is normalized as it is read (pdfua/normalized-read.ts), as
    // the Worker's finish would normalize it; its pages are read from the print meanwhile. The normalization changes
    // the info object, the trailer and the structure elements' ids: no page, resource or font, nor a content stream.
    return mendAndCheck(pdf, options, pages, normalize);
  },
  // pdf-lib's own words go to the log.
  {
    type: "render_failed",
    message: "The PDF could not be mended and checked for accessibility.",
    details: { stage: "accessibility" },
  },
  (result) => [result.pdf.buffer as ArrayBuffer],
);
