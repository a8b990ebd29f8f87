// The render backend draws a PDF's first page for an agent's preview in a side thread (container/src/
// page-image-thread.ts): the page at a pixel per CSS px, a body that is no PDF as the drawing's own failure, and a
// thread that dies fails what it held, retryable, and is replaced for the next page.
import { PDFDocument, rgb } from "@cantoo/pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { pageImageThread } from "../../container/src/page-image-thread";
import { pngPixels } from "../e2e/pdf-tools";

/** A two-page A4 PDF whose first page has a red square at 72 pt from its top left corner, 72 pt wide. */
async function squarePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595.28, 841.89]);
  page.drawRectangle({ x: 72, y: 841.89 - 144, width: 72, height: 72, color: rgb(1, 0, 0) });
  pdf.addPage([595.28, 841.89]);
  return pdf.save();
}

describe("the page image thread", () => {
  const thread = pageImageThread();
  afterAll(async () => {
    await thread.close();
  });

  it("draws the first page at 96 dpi: the square where the PDF put it", async () => {
    await thread.ready;
    const image = await thread.ask(await squarePdf());
    expect([image.width, image.height]).toEqual([794, 1123]);
    const pixels = await pngPixels(Buffer.from(image.png));
    expect(pixels.pixel(144, 144)).toEqual([255, 0, 0]);
    expect(pixels.pixel(80, 80)).toEqual([255, 255, 255]);
    expect(pixels.pixel(200, 144)).toEqual([255, 255, 255]);
  });

  it("answers bytes that are no PDF as the drawing's own failure", async () => {
    const refused = await thread.ask(new TextEncoder().encode("<html>not a pdf</html>")).catch((error) => error);
    expect(refused).toMatchObject({
      type: "render_failed",
      details: { stage: "page_image", reason: "unreadable_pdf" },
    });
    expect(refused.message).toMatch(/^The PDF's first page could not be drawn: /);
  });

  it("fails the page in flight when the thread dies, retryable, and draws the next from a new thread", async () => {
    const inFlight = thread.ask(await squarePdf()).catch((error: unknown) => error);
    await thread.terminate();
    expect(await inFlight).toMatchObject({
      type: "render_failed",
      details: { stage: "page_image", reason: "drawing_stopped", retryable: true },
    });
    expect((await thread.ask(await squarePdf())).width).toBe(794);
  });
});
