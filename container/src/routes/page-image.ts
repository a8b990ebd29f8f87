// POST /page-image: a PDF's first page drawn as a PNG in a side thread, as the seat's work.
import { BACKEND_CONTENT_TYPES, BACKEND_HEADERS, BACKEND_ROUTES } from "@folio/render-page/backend-http-surface";
import { seatFromHeaders } from "@folio/render-page/job-contract";
import type { RouteHandler } from "../backend-context.ts";
import { readBytes } from "../backend-http.ts";
import { sendSideFailure } from "../side-threads.ts";

export const pageImageRoute: RouteHandler = {
  route: BACKEND_ROUTES.pageImage,
  async handle(req, res, { side }) {
    const seat = seatFromHeaders(req.headers);
    await readBytes(req)
      .then((pdf) => side.pageImages.ask(new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength), seat))
      .then(({ png, width, height }) => {
        res.writeHead(200, {
          "content-type": BACKEND_CONTENT_TYPES.png,
          "content-length": png.byteLength,
          [BACKEND_HEADERS.imageSize]: `${width}x${height}`,
        });
        res.end(png);
      })
      .catch((error) => sendSideFailure(res, "Drawing the page", "page_image", error));
  },
};
