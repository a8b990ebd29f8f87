// A `pdfua` print answered mended and checked (docs/accessibility.md#in-a-render): when nothing changes the file
// between its print and its mends, the render route normalizes it as the Worker's finish would and asks the
// accessibility thread, the one POST /accessibility asks, for the job before it answers. The answer is that route's:
// the report's JSON line and the mended PDF after it, with the print's page count.
import type { ServerResponse } from "node:http";
import type { AccessibilityAtPrint } from "@folio/render-page/accessibility-at-print";
import { BACKEND_CONTENT_TYPES, fileHeaders } from "@folio/render-page/backend-http-surface";
import type { RenderedFile, SideSeat } from "@folio/render-page/job-contract";
import { normalizePdf } from "@folio/render-page/pdf-normalize";
import { framedPdf, MAX_PDFUA_PAGES } from "@folio/render-page/pdfua/accessibility-job";
import type { BackendContext } from "./backend-context.ts";
import { sendSideFailure } from "./side-threads.ts";

export async function sendAccessiblePrint(
  res: ServerResponse,
  printed: RenderedFile,
  asked: { at: AccessibilityAtPrint; seat: SideSeat; receivedAt: number },
  { side }: Pick<BackendContext, "side">,
): Promise<void> {
  // Past the page ceiling the Worker refuses the file in its own words, as when it asks for the mends itself.
  if (printed.pageCount > MAX_PDFUA_PAGES) {
    res.writeHead(200, fileHeaders(BACKEND_CONTENT_TYPES.pdf, printed, asked.receivedAt));
    return void res.end(printed.bytes);
  }
  try {
    const { at, seat } = asked;
    const pdf = normalizePdf(printed.bytes, at.documentId, at.metadata, { tagged: true });
    const options = printed.linkNames ? { ...at.mend, linkNames: printed.linkNames } : at.mend;
    const mended = await side.accessibility.ask({ pdf, options }, seat);
    const answer = framedPdf(mended.report, mended.pdf);
    const file = { bytes: answer, pageCount: printed.pageCount, ...(printed.cut ? { cut: true } : {}) };
    res.writeHead(200, fileHeaders(BACKEND_CONTENT_TYPES.framedPdf, file, asked.receivedAt));
    res.end(answer);
  } catch (error) {
    sendSideFailure(res, "The accessibility check", "accessibility", error);
  }
}
