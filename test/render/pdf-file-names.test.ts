import { PDFDict, PDFDocument, type PDFHexString, PDFName, PDFString } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { finishPdf } from "../../src/render/pdf/pdf-finishing";

// docs/document-finishing.md#document-finishing: an attachment's name is written, never pasted into the PDF's syntax.
const HOSTILE = [
  "a(.txt",
  "b).txt",
  "c\\d.txt",
  "e\u2028f\u2029/OpenAction\u202f.txt",
  "Rechnung für Müller.xml",
  "日本語.txt",
];

async function blankPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  return doc.save();
}

/** Each embedded file's /F and /UF, read back from the saved bytes by a fresh parser. */
async function fileNames(bytes: Uint8Array): Promise<Array<{ f: string; uf: string; literal: boolean }>> {
  const doc = await PDFDocument.load(bytes);
  const names = doc.catalog.lookup(PDFName.of("Names"), PDFDict).lookup(PDFName.of("EmbeddedFiles"), PDFDict);
  const leaves = names.lookup(PDFName.of("Names")) as unknown as {
    size(): number;
    lookup(i: number, type: typeof PDFDict): PDFDict;
  };
  const found: Array<{ f: string; uf: string; literal: boolean }> = [];
  for (let i = 1; i < leaves.size(); i += 2) {
    const spec = leaves.lookup(i, PDFDict);
    const f = spec.lookup(PDFName.of("F")) as PDFString | PDFHexString;
    found.push({
      f: f.decodeText(),
      literal: f instanceof PDFString,
      uf: (spec.lookup(PDFName.of("UF")) as PDFHexString).decodeText(),
    });
  }
  return found;
}

describe("attachment names in the PDF", () => {
  it("keep the file whole and every name exact in /UF, with an ASCII stand-in in /F, whatever characters they hold", async () => {
    const out = await finishPdf(await blankPdf(), {
      attachments: HOSTILE.map((filename) => ({
        filename,
        bytes: new TextEncoder().encode("x"),
        mimeType: "text/plain",
      })),
    });
    const names = await fileNames(out);
    expect(names.map((n) => n.uf).sort()).toEqual([...HOSTILE].sort());
    for (const { f, uf } of names) expect(f).toBe([...uf].map((c) => (/[\x20-\x7e]/.test(c) ? c : "_")).join(""));
    // The separators U+2028/U+2029 would have been cut to "(" and ")", opening a name that writes its own keys.
    expect(Buffer.from(out).toString("latin1")).not.toMatch(/\/OpenAction/);
    expect((await PDFDocument.load(out)).getPageCount()).toBe(1);
  });

  it("leave plain names as pdf-lib writes them", async () => {
    const out = await finishPdf(await blankPdf(), {
      attachments: [{ filename: "terms.txt", bytes: new TextEncoder().encode("x"), mimeType: "text/plain" }],
    });
    expect(await fileNames(out)).toEqual([{ f: "terms.txt", uf: "terms.txt", literal: true }]);
  });
});
