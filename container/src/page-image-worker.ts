// pdf.js in a thread of its own (page-image-thread.ts starts it), loaded before the thread says it is ready.
import { firstPageImage } from "./page-image.ts";
import { serveSideThread } from "./side-thread.ts";

serveSideThread(
  {},
  (pdf: Uint8Array) => firstPageImage(pdf),
  (error) => ({
    type: "render_failed",
    message: `The PDF's first page could not be drawn: ${error.message}`,
    details: { stage: "page_image" },
  }),
  (image) => [image.png.buffer as ArrayBuffer],
);
