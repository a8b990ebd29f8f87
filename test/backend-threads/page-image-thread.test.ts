// The render backend draws a PDF's first page for an agent's preview in a side thread (container/src/
// page-image-thread.ts): the page at a pixel per CSS px, a body that is no PDF as the drawing's own failure, and a
// thread that dies fails what it held, retryable, and is replaced for the next page.
import { PDFDocument, rgb } from "@cantoo/pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { pageImageThread } from "../../container/src/page-image-thread";
import { pngPixels } from "../e2e/pdf-tools";
import { blackImagePdf } from "../large-image";

/** A two-page A4 PDF whose first page has a red square at 72 pt from its top left corner, 72 pt wide. */
async function squarePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595.28, 841.89]);
  page.drawRectangle({ x: 72, y: 841.89 - 144, width: 72, height: 72, color: rgb(1, 0, 0) });
  pdf.addPage([595.28, 841.89]);
  return pdf.save();
}

const SEAT = { accountId: "acct_test", share: "free" } as const;

describe("the page image thread", () => {
  const thread = pageImageThread();
  afterAll(async () => {
    await thread.close();
  });

  it("draws the first page at 96 dpi: the square where the PDF put it", async () => {
    await thread.ready;
    const image = await thread.ask(await squarePdf(), SEAT);
    expect([image.width, image.height]).toEqual([794, 1123]);
    const pixels = await pngPixels(Buffer.from(image.png));
    expect(pixels.pixel(144, 144)).toEqual([255, 0, 0]);
    expect(pixels.pixel(80, 80)).toEqual([255, 255, 255]);
    expect(pixels.pixel(200, 144)).toEqual([255, 255, 255]);
  });

  it("answers bytes that are no PDF as the drawing's own failure", async () => {
    const refused = await thread.ask(new TextEncoder().encode("<html>not a pdf</html>"), SEAT).catch((error) => error);
    expect(refused).toMatchObject({
      type: "render_failed",
      details: { stage: "page_image", reason: "unreadable_pdf" },
    });
    expect(refused.message).toBe("The PDF's first page is not drawn: the file could not be read as a PDF.");
  });

  it("fails the page in flight when the thread dies, retryable, and draws the next from a new thread", async () => {
    const inFlight = thread.ask(await squarePdf(), SEAT).catch((error: unknown) => error);
    await thread.terminate();
    expect(await inFlight).toMatchObject({
      type: "render_failed",
      details: { stage: "page_image", reason: "drawing_stopped", retryable: true },
    });
    expect((await thread.ask(await squarePdf(), SEAT)).width).toBe(794);
  });

  it("answers a page whose image passes the raster ceiling as refused, before pdf.js decodes it", async () => {
    // 8,000 px square: 64 megapixels, 256 MB decoded, drawn on a page 200 pt square.
    const refused = await thread.ask(await blackImagePdf(8_000), SEAT).catch((error) => error);
    expect(refused).toMatchObject({
      type: "render_failed",
      details: { stage: "page_image", reason: "images_too_large", retryable: false },
    });
    expect(refused.message).toBe(
      "The PDF's first page is not drawn: its image of 8000 x 8000 pixels is 64.0 megapixels, more than 40.",
    );
    // An image within the ceiling is drawn as before.
    expect((await thread.ask(await blackImagePdf(1_000), SEAT)).width).toBe(267);
  }, 60_000);
});
