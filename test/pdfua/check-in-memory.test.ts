// The render backend's job checks the mended document in memory once it is saved, rather than parsing the saved
// bytes again (packages/render-page/src/pdfua/accessibility-job.ts). Over the checker's whole mutation corpus, as
// printed and as mended, and over Chromium's own output, the check in memory names exactly what the checker names
// reading the saved file: the verdict is the file's.
import { PDFDocument } from "@cantoo/pdf-lib";
import { mendAndCheck } from "@folio/render-page/pdfua/accessibility-job";
import { checkPdfUa, openDocumentCheck } from "@folio/render-page/pdfua/check";
import { describe, expect, it } from "vitest";
import { CHROMIUM, chromiumOutput, ENCRYPTED, JOB_OPTIONS } from "./job-corpus.ts";
import { CHANGES, taggedPdf } from "./tagged-pdf.ts";

/** `bytes` loaded and saved unchanged: the report in memory after the save, and the saved file. */
async function savedAndChecked(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  const saved = await doc.save();
  const check = openDocumentCheck(doc);
  for (let index = 0; index < check.pageCount; index++) check.checkPage(index);
  return { inMemory: check.report(), saved };
}

/** The file as printed, then as the job mends it: both verdicts in memory equal the saved file's. */
async function expectTheFilesVerdict(printed: Uint8Array, mend = true) {
  const { inMemory, saved } = await savedAndChecked(printed);
  expect(inMemory).toEqual(await checkPdfUa(saved));
  if (!mend) return;
  const { pdf, report } = await mendAndCheck(printed, JOB_OPTIONS);
  expect(report).toEqual(await checkPdfUa(pdf));
}

describe("the check of a saved document in memory", () => {
  it("the good file", async () => {
    await expectTheFilesVerdict(await taggedPdf());
  });

  for (const change of CHANGES)
    it(`${change}: in memory as in the saved file, printed and mended`, async () => {
      await expectTheFilesVerdict(await taggedPdf(change), !ENCRYPTED.has(change));
    });

  it("a PDF/A-3b file, whose XMP pdf-lib writes again as it saves", async () => {
    const doc = await PDFDocument.load(await taggedPdf("no-pdfuaid"), { updateMetadata: false });
    doc.convertToPDFA({ conformance: "3B" });
    await expectTheFilesVerdict(await doc.save({ useObjectStreams: false }));
  });

  for (const name of CHROMIUM)
    it(`Chromium's ${name}`, async () => {
      await expectTheFilesVerdict(chromiumOutput(name));
    });
});
