// pdf.js in a thread of its own (page-image-thread.ts starts it), loaded before the thread says it is ready.
import { firstPageImage } from "./page-image.ts";
import { serveSideThread } from "./serve-side-thread.ts";

serveSideThread(
  {},
  (pdf: Uint8Array) => firstPageImage(pdf),
  // pdf.js's and the canvas's own words go to the log.
  { type: "render_failed", message: "The PDF's first page could not be drawn.", details: { stage: "page_image" } },
  (image) => [image.png.buffer as ArrayBuffer],
);
