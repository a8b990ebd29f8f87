import { normalizePdf } from "@folio/render-page/pdf-normalize";
import { binaryString, pdfPageCount } from "@folio/render-page/pdf-structure";
import { describe, expect, it } from "vitest";

/**
 * A PDF laid out as Skia writes it: plain objects, a binary stream, one classic xref subsection, a trailer with /Info.
 */
function skiaLikePdf(pages: number, title = "Invoice \\(draft\\)"): Uint8Array {
  const bytes: number[] = [];
  const offsets: number[] = [];
  const text = (s: string) => {
    for (const c of s) bytes.push(c.charCodeAt(0));
  };
  const object = (n: number, body: string | number[]) => {
    offsets[n] = bytes.length;
    text(`${n} 0 obj\n`);
    if (typeof body === "string") text(body);
    else {
      text("<</Length 6>>\nstream\n");
      bytes.push(...body);
      text("\nendstream");
    }
    text("\nendobj\n");
  };
  text("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n");
  object(
    1,
    `<</Title ${title.startsWith("<") ? title : `(${title})`}\n/Creator (Chromium)\n/Producer (Skia/PDF m120)\n/CreationDate (D:20261124101010+00'00')\n/ModDate (D:20261124101010+00'00')>>`,
  );
  object(2, `<</Type /Catalog\n/Pages 3 0 R>>`);
  object(3, `<</Type /Pages\n/Count ${pages}\n/Kids [4 0 R]>>`);
  object(4, "<</Type /Page\n/Parent 3 0 R\n/Contents 5 0 R>>");
  object(5, [0x80, 0x9f, 0xff, 0x00, 0x0a, 0xe9]);
  const xref = bytes.length;
  text(`xref\n0 6\n0000000000 65535 f \n`);
  for (let n = 1; n <= 5; n++) text(`${String(offsets[n]).padStart(10, "0")} 00000 n \n`);
  text(`trailer\n<</Size 6\n/Root 2 0 R\n/Info 1 0 R\n/ID [<0123> <0123>]>>\nstartxref\n${xref}\n%%EOF`);
  return Uint8Array.from(bytes);
}

/** Every in-use xref entry points at its object, and startxref at the table. */
function expectConsistent(pdf: Uint8Array) {
  const text = binaryString(pdf);
  const xref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)![1]);
  expect(text.startsWith("xref", xref)).toBe(true);
  for (const [entry, n] of [...text.slice(xref).matchAll(/(\d{10}) 00000 n/g)].map(
    (m, i) => [Number(m[1]), i + 1] as const,
  )) {
    expect(text.startsWith(`${n} 0 obj`, entry)).toBe(true);
  }
}

describe("PDF normalization works on the bytes, decoding only the info object and the cross-reference section", () => {
  it("renumbers Chromium's structure ids only in a tagged print: an untagged one's bytes are left as printed", () => {
    // The info object is copied from the bytes renumbered, so a literal of an id's shape shows which were.
    const printed = skiaLikePdf(1, "node00000052");
    const id = "abcdef0123456789abcdef0123456789";
    expect(binaryString(normalizePdf(printed, id, {}, { tagged: false }))).toContain("/Title (node00000052)");
    expect(binaryString(normalizePdf(printed, id, {}, { tagged: true }))).toContain("/Title (node00000001)");
  });

  it("drops the dates, labels the producer, keeps the title, sets a derived /ID and shifts every offset after the info object", () => {
    const out = normalizePdf(skiaLikePdf(3), "abcdef0123456789abcdef0123456789ff");
    const text = binaryString(out);
    expect(text).not.toContain("CreationDate");
    expect(text).toContain("/Title (Invoice \\(draft\\))");
    expect(text).toContain("/Producer (Folio \\(Chromium\\))");
    expect(text).toContain("/ID [<ABCDEF0123456789ABCDEF0123456789> <ABCDEF0123456789ABCDEF0123456789>]");
    expect(text).not.toContain("<0123>");
    expectConsistent(out);
  });

  it("reads past an info string that says endobj itself, so a hostile <title> cannot keep Chromium's dates in the file", () => {
    const out = normalizePdf(skiaLikePdf(2, "Q3 endobj \\(endobj\\) <x> endobj"), "abcdef0123456789abcdef0123456789");
    const text = binaryString(out);
    expect(text).not.toContain("CreationDate");
    expect(text).not.toContain("ModDate");
    expect(text).not.toContain("Skia/PDF");
    expect(text).toContain("/Title (Q3 endobj \\(endobj\\) <x> endobj)");
    expectConsistent(out);
    expect(
      normalizePdf(skiaLikePdf(2, "Q3 endobj \\(endobj\\) <x> endobj"), "abcdef0123456789abcdef0123456789"),
    ).toEqual(out);
  });

  it("gives an untitled document no /Title rather than the internal address Chromium titles it with", () => {
    for (const chromiumTitle of [
      "document.folio.invalid/",
      "document.folio.invalid",
      "https://document.folio.invalid/",
    ]) {
      const text = binaryString(normalizePdf(skiaLikePdf(1, chromiumTitle), "abcdef0123456789abcdef0123456789"));
      expect(text).not.toContain("/Title");
      expect(text).not.toContain("folio.invalid");
    }
    const titled = normalizePdf(skiaLikePdf(1, "document.folio.invalid/"), "abcdef0123456789abcdef0123456789", {
      title: "Invoice 7",
    });
    expect(binaryString(titled)).toContain("/Title (Invoice 7)");
  });

  it("keeps a title Chromium wrote as a hex string (outside ASCII: a Japanese <title>), which PDF/UA-1 needs", () => {
    const text = binaryString(normalizePdf(skiaLikePdf(1, "<FEFF8ACB6C42 66F8>"), "abcdef0123456789abcdef0123456789"));
    expect(text).toContain("/Title <FEFF8ACB6C4266F8>");
  });

  it("copies binary stream bytes through unchanged (0x80-0x9f included) and is deterministic", () => {
    const a = normalizePdf(skiaLikePdf(1), "id", { title: "Ünïcode", author: "A\\B" });
    const b = normalizePdf(skiaLikePdf(1), "id", { title: "Ünïcode", author: "A\\B" });
    expect(a).toEqual(b);
    const at = binaryString(a).indexOf("stream\n") + "stream\n".length;
    expect([...a.subarray(at, at + 6)]).toEqual([0x80, 0x9f, 0xff, 0x00, 0x0a, 0xe9]);
    expect(binaryString(a)).toContain("/Title <FEFF00DC006E00EF0063006F00640065>");
    expectConsistent(a);
  });

  it("refuses a PDF without a classic cross-reference table", () => {
    expect(() => normalizePdf(new TextEncoder().encode("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF"), "id")).toThrow(
      /unexpected PDF structure/,
    );
  });

  it("counts pages from the root page tree, and by scanning when the structure is not Skia's", () => {
    expect(pdfPageCount(skiaLikePdf(26))).toBe(26);
    expect(pdfPageCount(new TextEncoder().encode("%PDF-1.7\n1 0 obj\n<</Type /Pages /Count 7>>\nendobj\n%%EOF"))).toBe(
      7,
    );
  });
});
