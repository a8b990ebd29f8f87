// POST /accessibility: a `pdfua` render's finished PDF mended and checked in a side thread, as the seat's work; the
// answer is the report's JSON line and the mended PDF after it.
import { BACKEND_CONTENT_TYPES, BACKEND_ROUTES } from "@folio/render-page/backend-http-surface";
import { seatFromHeaders } from "@folio/render-page/job-contract";
import { unframedPdf } from "@folio/render-page/pdfua/accessibility-job";
import type { PdfUaMendOptions } from "@folio/render-page/pdfua/mend";
import { sendMended } from "../accessible-print.ts";
import type { RouteHandler } from "../backend-context.ts";
import { readBytes } from "../backend-http.ts";

export const accessibilityRoute: RouteHandler = {
  route: BACKEND_ROUTES.accessibility,
  async handle(req, res, { side }) {
    const seat = seatFromHeaders(req.headers);
    const mending = readBytes(req).then((body) => {
      const { head, pdf } = unframedPdf<PdfUaMendOptions>(
        new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
      );
      // Its own buffer, so moving it to the thread leaves nothing else of the request's without its bytes.
      return side.accessibility.ask({ pdf: pdf.slice(), options: head }, seat);
    });
    await sendMended(res, mending, (answer) => ({
      "content-type": BACKEND_CONTENT_TYPES.framedPdf,
      "content-length": answer.byteLength,
    }));
  },
};
