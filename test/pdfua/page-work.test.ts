// A `pdfua` job's pages worked in a thread of their own (packages/render-page/src/pdfua/page-work.ts): the page
// thread reads only the pages through the cross-reference table, mends and scans them, and the job's thread replays
// the scans against its structure tree. Over the checker's whole mutation corpus and Chromium's own output, the file
// and the report are exactly those of the job working its pages itself; a file the page thread cannot read whole
// through its table, or whose fonts it cannot name across threads, is left to the job's thread.
import { PDFDict, PDFDocument, PDFName } from "@cantoo/pdf-lib";
import { mendAndCheck } from "@folio/render-page/pdfua/accessibility-job";
import type { PdfUaMendOptions } from "@folio/render-page/pdfua/mend";
import { type PageWorker, workPages } from "@folio/render-page/pdfua/page-work";
import { describe, expect, it } from "vitest";
import { CHROMIUM, chromiumOutput, ENCRYPTED, JOB_OPTIONS } from "./job-corpus.ts";
import { CHANGES, taggedPdf } from "./tagged-pdf.ts";

/** The page work run here, on its own copy of the bytes as the thread gets one; `worked` says what it answered. */
function pagesHere(): { worker: PageWorker; worked: () => boolean | undefined } {
  let worked: boolean | undefined;
  return {
    worker: async (pdf, pagination, maxPages) => {
      const pages = workPages(pdf.slice(), pagination, maxPages);
      worked = pages !== null;
      return pages;
    },
    worked: () => worked,
  };
}

/** Saved again with a cross-reference table, as Chromium writes, or with object streams and a stream for a table. */
async function resaved(bytes: Uint8Array, useObjectStreams = false): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  return doc.save({ useObjectStreams });
}

async function expectTheSameJob(printed: Uint8Array, options: PdfUaMendOptions, threaded = true) {
  const pages = pagesHere();
  const own = await mendAndCheck(printed.slice(), options);
  const split = await mendAndCheck(printed.slice(), options, pages.worker);
  expect(pages.worked()).toBe(threaded);
  expect(split.report).toEqual(own.report);
  expect(Buffer.from(split.pdf).equals(Buffer.from(own.pdf))).toBe(true);
  return own.report;
}

describe("a pdfua job's pages worked in a thread of their own", () => {
  it("the good file: the same file and the same passing report", async () => {
    const report = await expectTheSameJob(await resaved(await taggedPdf()), JOB_OPTIONS);
    expect(report.violations).toEqual([]);
  });

  for (const change of CHANGES.filter((change) => !ENCRYPTED.has(change)))
    it(`${change}: the same file and the same report`, async () => {
      const printed = await resaved(await taggedPdf(change));
      await expectTheSameJob(printed, JOB_OPTIONS);
    });

  for (const name of CHROMIUM)
    for (const pagination of [false, true])
      it(`Chromium's ${name}${pagination ? ", its margins pagination" : ""}: the same file and report`, async () => {
        await expectTheSameJob(chromiumOutput(name), { ...JOB_OPTIONS, pagination });
      });

  it("leaves a file with object streams to the job's thread, which answers as ever", async () => {
    const streams = await resaved(await taggedPdf("untagged-text"), true);
    await expectTheSameJob(streams, JOB_OPTIONS, false);
  });

  it("leaves a page whose font is a direct dictionary to the job's thread", async () => {
    const doc = await PDFDocument.load(await resaved(await taggedPdf()), { updateMetadata: false });
    const fonts = doc.getPages()[0]?.node.Resources()?.lookup(PDFName.of("Font"), PDFDict);
    const f1 = fonts?.lookup(PDFName.of("F1"), PDFDict);
    if (!fonts || !f1) throw new Error("the corpus's page shows text in F1");
    fonts.set(PDFName.of("F1"), f1);
    await expectTheSameJob(await doc.save({ useObjectStreams: false }), JOB_OPTIONS, false);
  });

  it("answers nothing for a file past the page ceiling, which the job's thread refuses", async () => {
    expect(workPages(chromiumOutput("link-and-list.pdf"), false, 0)).toBeNull();
  });
});
