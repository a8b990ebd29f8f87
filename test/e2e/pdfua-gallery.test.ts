// Every starter of the studio's gallery (web/src/templates/starters.ts: the CLI's come from the same list) renders with
// `pdfua: "1"` through the real service: 200, the receipt's accessibility valid, and the file's structure tree holds
// what the document says a reader meets (docs/accessibility.md): its headings in order and level, each header cell
// a TH with its Scope, each image and code a Figure with its alternative text, list items and links.
import { describe, expect, it } from "vitest";
import { STARTERS, type Starter } from "../../web/src/templates/starters";
import { api, createTemplate, download } from "./client";
import { structureOf } from "./pdf-structure";
import { expectOutlineOf } from "./pdfua-outline";

/** The one PDF a UBL file carries, base64 in EmbeddedDocumentBinaryObject. */
const embeddedPdf = (xml: string) =>
  Buffer.from(
    /<cbc:EmbeddedDocumentBinaryObject mimeCode="application\/pdf"[^>]*>([^<]*)</.exec(xml)?.[1] ?? "",
    "base64",
  );

/** Renders a starter with pdfua, checked valid; answers the PDF (a UBL render's embedded one) and its data. */
async function renderStarter({ id, texts }: Starter) {
  const options = JSON.parse(texts.options);
  if (options.e_invoice) options.e_invoice.xml = texts.xml;
  const data = JSON.parse(texts.example);
  const template = await createTemplate({ name: `pdfua-${id}`, source: texts.source });
  const ubl = options.e_invoice?.standard === "ubl";
  const res = await api("POST", "/v1/render", {
    template,
    data,
    options: { ...options, pdfua: "1" },
    ...(ubl ? { format: "xml" } : {}),
  });
  expect(res.status, `${id}: ${JSON.stringify(res.json)}`).toBe(200);
  expect(res.json.compliance.accessibility, id).toMatchObject({ standard: "PDF/UA-1", valid: true });
  const bytes = (await download(res.json.url)).bytes;
  const pdf = ubl ? embeddedPdf(bytes.toString("utf8")) : bytes;
  return { pdf, data };
}

/** The codes a starter's filters draw (inline SVG, role="img" and aria-label), each to be a Figure with its /Alt. */
const CODES: Record<string, RegExp[]> = {
  "swiss-invoice": [/^Payment code: CHF/],
  "shipping-label": [/^\(00\)/, /^NL\d+SE$/],
};

describe("the gallery's starters as accessible PDFs", () => {
  it("each renders with pdfua, valid, its structure tree the document's headings, headers, figures, items and links", async () => {
    const gallery = STARTERS.filter((starter) => starter.texts.source !== "");
    expect(gallery.map((starter) => starter.id)).toEqual(
      expect.arrayContaining(["hello", "invoice", "statement", "swiss-invoice", "peppol"]),
    );
    const files = new Map<string, { pdf: Buffer; data: Record<string, Record<string, string>> }>();
    for (const starter of gallery) {
      const { pdf, data } = await renderStarter(starter);
      files.set(starter.id, { pdf, data });
      const expected = await expectOutlineOf(pdf, starter.texts.source, data, starter.id);
      expect(expected.figures, starter.id).toEqual((CODES[starter.id] ?? []).map((alt) => expect.stringMatching(alt)));
      expect(
        expected.headings.slice(0, 1).every((heading) => heading.startsWith("H1 ")),
        starter.id,
      ).toBe(true);
    }
    // The statement's header and footer are artifacts a reader never meets: its body repeats the IBAN and legal line.
    const statement = files.get("statement");
    const read = (await structureOf(statement?.pdf ?? Buffer.alloc(0))).map((root) => root.text).join("");
    const bare = (text = "") => text.replace(/\s+/g, "");
    expect(bare(read)).toContain(bare(statement?.data.account?.iban));
    expect(bare(read)).toContain(bare(statement?.data.bank?.legal));
  });
});
