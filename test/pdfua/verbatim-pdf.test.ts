// The job's reader and writer (packages/render-page/src/pdfua/verbatim-pdf.ts, verbatim-writer.ts): a file read as
// pdf-lib reads it, written back as pdf-lib's writer lays a file out, with each change and with every object nothing
// changed as its own bytes; any file it does not expect read and written by pdf-lib instead.
import { readFileSync } from "node:fs";
import * as pdfLibExports from "@cantoo/pdf-lib";
import {
  ParseSpeeds,
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFString,
  PDFWriter,
  PDFDocument as PdfLib,
} from "@cantoo/pdf-lib";
import { openVerbatimPdf } from "@folio/render-page/pdfua/verbatim-pdf";
import { writeVerbatim } from "@folio/render-page/pdfua/verbatim-writer";
import { describe, expect, it } from "vitest";
import { taggedPdf } from "./tagged-pdf.ts";

const CHROMIUM = ["invoice-header-footer.pdf", "invoice-tagged-outline.pdf", "japanese-and-emoji.pdf"];
const chromium = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../fixtures/pdfua/${name}`, import.meta.url)));
const pdfLib = (bytes: Uint8Array) =>
  PdfLib.load(bytes, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest, ignoreEncryption: true });

const PDF_LIB_CLASSES = new Set<unknown>(Object.values(pdfLibExports));

/** The pdf-lib class of an object: the reader's dictionaries and arrays, which know their object, are pdf-lib's. */
function pdfLibClass(object: object): string {
  let at: unknown = object.constructor;
  while (typeof at === "function" && !PDF_LIB_CLASSES.has(at)) at = Object.getPrototypeOf(at);
  return typeof at === "function" ? at.name : "";
}

/**
 * Every object by its reference, as pdf-lib would write it, with its pdf-lib class; the trailer's entries (but /Size, which
 * a writer counts afresh) and the header.
 */
function objectsOf(doc: PDFDocument) {
  const { context } = doc;
  return {
    header: context.header.toString(),
    trailer: Object.entries(context.trailerInfo)
      .filter(([key]) => key !== "Size")
      .map(([key, value]) => `${key} ${value ?? ""}`),
    objects: context.enumerateIndirectObjects().map(([ref, object]) => [`${ref}`, pdfLibClass(object), `${object}`]),
  };
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");

describe("reading", () => {
  for (const name of CHROMIUM)
    it(`Chromium's ${name}: every object as pdf-lib reads it`, async () => {
      const bytes = chromium(name);
      const read = await openVerbatimPdf(bytes);
      expect(read.verbatim).toBe(true);
      expect(objectsOf(read.document)).toEqual(objectsOf(await pdfLib(bytes)));
    });

  it("strings with escapes, bytes 0x80-0x9F, names with #xx, reals, negatives and references in arrays", async () => {
    const doc = await PdfLib.create();
    const odd = PDFString.of("a\\(b\\) \\\\ \x80\x9f\xff (nested (parens))");
    const entries = { Odd: odd, Key: PDFName.of("A B#"), Numbers: [-1, 0.5, -0.25, 1e-7, 123456789, 2 ** 40] };
    const ref = doc.context.register(doc.context.obj({ ...entries, Ref: PDFRef.of(1), Refs: [PDFRef.of(1), 5, 0] }));
    doc.catalog.set(PDFName.of("Odd"), ref);
    const bytes = await doc.save({ useObjectStreams: false });
    const read = await openVerbatimPdf(bytes);
    expect(read.verbatim).toBe(true);
    expect(objectsOf(read.document)).toEqual(objectsOf(await pdfLib(bytes)));
  });
});

/** A file whose one element holds `attributes` as its /A, written by hand: the syntax pdf-lib's writer never makes. */
function elementWithAttributes(attributes: string): Uint8Array {
  const objects = [
    "<</Type /Catalog /Pages 2 0 R /StructTreeRoot 4 0 R>>",
    "<</Type /Pages /Kids [3 0 R] /Count 1>>",
    "<</Type /Page /Parent 2 0 R /MediaBox [0 0 10 10]>>",
    "<</Type /StructTreeRoot /K [5 0 R]>>",
    `<</Type /StructElem /S /TD /P 4 0 R /A ${attributes} /K 0>>`,
  ];
  let text = "%PDF-1.7\n";
  const offsets = objects.map((object, i) => {
    const at = text.length;
    text += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const table = offsets.map((at) => `${String(at).padStart(10, "0")} 00000 n \n`).join("");
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${table}`;
  text += `trailer\n<</Size ${objects.length + 1} /Root 1 0 R>>\nstartxref\n${offsets.at(-1)}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(text, "latin1"));
}

describe("values left unread until asked for (an element's /A)", () => {
  const AWKWARD = [
    "[<</O /Table /Headers [(a) (b\\)) (c (nested) >>)]>> 2 <</O /Layout /X <>>> %a comment ]\n]",
    "<</O /List /ListNumbering /Decimal /Sub <</Deep [[1 2] [<>]]>>>>",
    "[<</O /Table /Scope /Row>> <</O /Table /RowSpan 1>>]",
  ];
  for (const attributes of AWKWARD)
    it(`read as pdf-lib reads them: ${attributes.slice(0, 40)}`, async () => {
      const bytes = elementWithAttributes(attributes);
      const read = await openVerbatimPdf(bytes);
      expect(read.verbatim).toBe(true);
      const element = read.document.context.lookup(PDFRef.of(5), PDFDict);
      const expected = (await pdfLib(bytes)).context.lookup(PDFRef.of(5), PDFDict);
      expect(`${element.get(PDFName.of("A"))}`).toBe(`${expected.get(PDFName.of("A"))}`);
      expect(objectsOf(read.document)).toEqual(objectsOf(await pdfLib(bytes)));
    });

  it("reading them changes nothing; a change inside them changes their element", async () => {
    const bytes = chromium("invoice-tagged-outline.pdf");
    const untouched = await openVerbatimPdf(bytes);
    const unchanged = await untouched.save();
    const read = await openVerbatimPdf(bytes);
    const elements = read.document.context
      .enumerateIndirectObjects()
      .filter(([, o]) => o instanceof PDFDict && o.get(PDFName.of("A")) !== undefined);
    expect(elements.length).toBeGreaterThan(0);
    expect(Buffer.from(await read.save()).equals(Buffer.from(unchanged))).toBe(true);

    const [ref, element] = elements[0] as [PDFRef, PDFDict];
    const attributes = element.get(PDFName.of("A"));
    const first = attributes instanceof PDFArray ? attributes.lookup(0, PDFDict) : (attributes as PDFDict);
    first.set(PDFName.of("Folio"), PDFNumber.of(1));
    const saved = await read.save();
    expect(Buffer.from(saved).equals(Buffer.from(unchanged))).toBe(false);
    expect(`${(await pdfLib(saved)).context.lookup(ref, PDFDict).get(PDFName.of("A"))}`).toContain("/Folio 1");
  });
});

describe("writing", () => {
  it("each kind of change written, every object nothing changed as its own bytes", async () => {
    const bytes = chromium("invoice-tagged-outline.pdf");
    const { document, save } = await openVerbatimPdf(bytes);
    const context = document.context;
    const page = document.getPages()[0]?.node as PDFDict;
    const elements = context
      .enumerateIndirectObjects()
      .filter(([, o]) => o instanceof PDFDict && o.has(PDFName.of("S")));
    const [first, second] = elements.map(([, object]) => object as PDFDict);
    const untouched = elements[10]?.[1];
    // A nested dictionary, a nested array, a key deleted, an object replaced, one deleted, one added.
    page.lookup(PDFName.of("Resources"), PDFDict).set(PDFName.of("Folio"), PDFNumber.of(1));
    first?.set(PDFName.of("K"), context.obj([7]));
    second?.delete(PDFName.of("Pg"));
    const [replacedRef] = elements[2] ?? [];
    if (replacedRef) context.assign(replacedRef, context.obj({ Type: "StructElem", S: "Span", Replaced: true }));
    const [deletedRef] = elements[4] ?? [];
    if (deletedRef) context.delete(deletedRef);
    const added = context.register(context.obj({ Added: PDFString.of("yes") }));
    const saved = await save();

    const reread = await pdfLib(saved);
    expect(objectsOf(reread)).toEqual(objectsOf(document));
    expect(reread.context.lookup(added, PDFDict).get(PDFName.of("Added"))?.toString()).toBe("(yes)");
    // The untouched element is in the written file exactly as Chromium wrote it.
    const [untouchedRef] = elements.find(([, object]) => object === untouched) ?? [];
    const original = new RegExp(`\\n${untouchedRef?.objectNumber} 0 obj\\n(<<[^]*?>>)\\nendobj`).exec(latin1(bytes));
    expect(original?.[1]).toBeDefined();
    expect(latin1(saved)).toContain(`${untouchedRef?.objectNumber} 0 obj\n${original?.[1]}\nendobj`);
  });

  it("an array changed inside an object changes that object only", async () => {
    const bytes = chromium("invoice-tagged-outline.pdf");
    const { document, save } = await openVerbatimPdf(bytes);
    const holder = document.context
      .enumerateIndirectObjects()
      .find(([, object]) => object instanceof PDFDict && object.get(PDFName.of("K")) instanceof PDFArray);
    const [ref, element] = holder as [PDFRef, PDFDict];
    element.lookup(PDFName.of("K"), PDFArray).push(PDFNumber.of(999));
    const saved = await save();
    const written = (await pdfLib(saved)).context.lookup(ref, PDFDict);
    expect(written.lookup(PDFName.of("K"), PDFArray).asArray().at(-1)?.toString()).toBe("999");
    expect(objectsOf(await pdfLib(saved))).toEqual(objectsOf(document));
  });
});

describe("the writer's layout", () => {
  /** Every object written by pdf-lib (none is the one read), so the whole file must be pdf-lib's writer's. */
  const writtenWhole = (document: PDFDocument) =>
    writeVerbatim(document.context, {
      bytes: new Uint8Array(),
      objects: [],
      spans: [],
      changed: new Set(),
      replaced: new Map(),
    });
  const pdfLibWriter = (document: PDFDocument) =>
    PDFWriter.forContext(document.context, Number.POSITIVE_INFINITY).serializeToBuffer();

  it("header, objects, table and trailer byte for byte as pdf-lib writes them, over gaps in the numbers", async () => {
    const { document } = await openVerbatimPdf(chromium("invoice-tagged-outline.pdf"));
    const { context } = document;
    expect(Buffer.from(writtenWhole(document)).equals(Buffer.from(await pdfLibWriter(document)))).toBe(true);
    // Objects deleted here and there split the table into subsections; one added goes past the last.
    for (const number of [1, 2, 7, 40, 41]) context.delete(PDFRef.of(number));
    context.register(context.obj({ Added: PDFString.of("yes") }));
    expect(Buffer.from(writtenWhole(document)).equals(Buffer.from(await pdfLibWriter(document)))).toBe(true);
  });

  it("a document pdf-lib made", async () => {
    const document = await pdfLib(await taggedPdf());
    expect(Buffer.from(writtenWhole(document)).equals(Buffer.from(await pdfLibWriter(document)))).toBe(true);
  });
});

describe("files read by pdf-lib instead", () => {
  it("object streams: read and written by pdf-lib, the same objects", async () => {
    const doc = await pdfLib(await taggedPdf());
    const streams = await doc.save({ useObjectStreams: true });
    const read = await openVerbatimPdf(streams);
    expect(read.verbatim).toBe(false);
    expect(objectsOf(read.document).objects).toEqual(objectsOf(await pdfLib(streams)).objects);
    expect((await pdfLib(await read.save())).getPageCount()).toBe(read.document.getPageCount());
  });

  it("an encrypted file, a wrong stream length, junk between objects, no header", async () => {
    const good = await taggedPdf();
    const text = latin1(good);
    const cases = {
      encrypted: await taggedPdf("encrypted-without-p"),
      "wrong length": Buffer.from(
        text.replace(/\/Length (\d+)/, (_: string, n: string) => `/Length ${Number(n) + 3}`),
        "latin1",
      ),
      junk: Buffer.from(text.replace("\nendobj\n", "\nendobj\n@@junk@@\n"), "latin1"),
      "no header": Buffer.from(`\n\n${text}`, "latin1"),
    };
    for (const [what, bytes] of Object.entries(cases)) {
      const read = await openVerbatimPdf(new Uint8Array(bytes));
      expect(read.verbatim, what).toBe(false);
      expect(objectsOf(read.document).objects, what).toEqual(objectsOf(await pdfLib(new Uint8Array(bytes))).objects);
    }
  });
});
