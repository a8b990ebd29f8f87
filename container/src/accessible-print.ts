// A `pdfua` job's answer (docs/accessibility.md#in-a-render): the report's JSON line and the mended PDF after it, to
// POST /accessibility and to a print asked mended with it. When nothing changes the file between its print and its
// mends, the render route asks the accessibility thread, the one POST /accessibility asks, to normalize the printed
// file as the Worker's finish would, then mend and check it, before it answers, with the print's page count.
import type { ServerResponse } from "node:http";
import type { AccessibilityAtPrint } from "@folio/render-page/accessibility-at-print";
import { BACKEND_CONTENT_TYPES, fileHeaders } from "@folio/render-page/backend-http-surface";
import type { RenderedFile, SideSeat } from "@folio/render-page/job-contract";
import { type AccessibilityResult, framedPdf, MAX_PDFUA_PAGES } from "@folio/render-page/pdfua/accessibility-job";
import type { BackendContext } from "./backend-context.ts";
import { sendSideFailure } from "./side-threads.ts";

/** The job's answer once `mending` settles, with `headers` for its framed bytes; a failure in Folio's words. */
export async function sendMended(
  res: ServerResponse,
  mending: Promise<AccessibilityResult>,
  headers: (answer: Uint8Array) => Record<string, string | number>,
): Promise<void> {
  try {
    const { pdf, report } = await mending;
    const answer = framedPdf(report, pdf);
    res.writeHead(200, headers(answer));
    res.end(answer);
  } catch (error) {
    sendSideFailure(res, "The accessibility check", "accessibility", error);
  }
}

export function sendAccessiblePrint(
  res: ServerResponse,
  printed: RenderedFile,
  asked: { at: AccessibilityAtPrint; seat: SideSeat; receivedAt: number },
  { side }: Pick<BackendContext, "side">,
): Promise<void> {
  // Past the page ceiling the Worker refuses the file in its own words, as when it asks for the mends itself.
  if (printed.pageCount > MAX_PDFUA_PAGES) {
    res.writeHead(200, fileHeaders(BACKEND_CONTENT_TYPES.pdf, printed, asked.receivedAt));
    res.end(printed.bytes);
    return Promise.resolve();
  }
  const { at, seat, receivedAt } = asked;
  const options = printed.linkNames ? { ...at.mend, linkNames: printed.linkNames } : at.mend;
  // A copy of its own moves to the thread: the printed bytes may share their buffer.
  const normalize = { documentId: at.documentId, metadata: at.metadata };
  const mending = side.accessibility.ask({ pdf: printed.bytes.slice(), options, normalize }, seat);
  const { pageCount, cut } = printed;
  return sendMended(res, mending, (answer) =>
    fileHeaders(BACKEND_CONTENT_TYPES.framedPdf, { bytes: answer, pageCount, ...(cut ? { cut } : {}) }, receivedAt),
  );
}
