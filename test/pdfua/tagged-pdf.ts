// A tagged PDF/UA-1 document built piece by piece, and the same document altered in one named way: the checker's
// mutation corpus (test/pdfua/checker.test.ts).
import { readFileSync } from "node:fs";
import fontkit from "@cantoo/fontkit";
import { PDFDocument, PDFName, PDFNumber, type PDFRef, PDFString, StandardFonts } from "@cantoo/pdf-lib";
import { ALTERATIONS, type Alteration, pageContent } from "./tagged-pdf-content.ts";
import { FONT_MUTATIONS } from "./tagged-pdf-font-mutations.ts";
import { MUTATIONS } from "./tagged-pdf-mutations.ts";
import { buildStructure } from "./tagged-pdf-structure.ts";

const AFTER_BUILD = { ...MUTATIONS, ...FONT_MUTATIONS };
/** An alteration of the content as it is built, or of the document once built. */
export type Change = Alteration | keyof typeof AFTER_BUILD;
/** Every alteration of the corpus. */
export const CHANGES: Change[] = [...ALTERATIONS, ...(Object.keys(AFTER_BUILD) as (keyof typeof AFTER_BUILD)[])];

const INTER = new URL("../../node_modules/@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf", import.meta.url);
const ONE_PIXEL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

function xmp(alter: Set<Alteration>): string {
  const title = alter.has("no-dc-title")
    ? ""
    : '<dc:title><rdf:Alt><rdf:li xml:lang="x-default">Invoice INV-1</rdf:li></rdf:Alt></dc:title>';
  const part = alter.has("no-pdfuaid") ? "" : "<pdfuaid:part>1</pdfuaid:part>";
  return `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/">${title}${part}</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
}

/** A Type 3 font whose one glyph has a name nothing maps to Unicode, and no ToUnicode. */
function typeThreeFont(doc: PDFDocument): PDFRef {
  const ctx = doc.context;
  const glyph = ctx.register(ctx.stream("600 0 0 0 600 700 d1 0 0 600 700 re f"));
  return ctx.register(
    ctx.obj({
      Type: "Font",
      Subtype: "Type3",
      FontBBox: [0, 0, 600, 700],
      FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
      CharProcs: { g1: glyph },
      Encoding: { Type: "Encoding", Differences: [65, PDFName.of("g1")] },
      FirstChar: 65,
      LastChar: 65,
      Widths: [600],
      Resources: {},
    }),
  );
}

function catalogEntries(doc: PDFDocument, alter: Set<Alteration>): void {
  const ctx = doc.context;
  const catalog = doc.catalog;
  if (!alter.has("no-xmp"))
    catalog.set(PDFName.of("Metadata"), ctx.register(ctx.stream(xmp(alter), { Type: "Metadata", Subtype: "XML" })));
  if (!alter.has("no-lang")) catalog.set(PDFName.of("Lang"), PDFString.of("en-GB"));
  if (!alter.has("no-mark-info"))
    catalog.set(
      PDFName.of("MarkInfo"),
      ctx.obj({ Marked: true, ...(alter.has("suspects") ? { Suspects: true } : {}) }),
    );
  if (!alter.has("no-display-doc-title"))
    catalog.set(PDFName.of("ViewerPreferences"), ctx.obj({ DisplayDocTitle: !alter.has("display-doc-title-false") }));
}

/** The document, altered by each of `changes` (none: the good file). */
export async function taggedPdf(...changes: Change[]): Promise<Uint8Array> {
  const alter = new Set(changes.filter((change): change is Alteration => !(change in AFTER_BUILD)));
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const ctx = doc.context;
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(readFileSync(INTER), { subset: true });
  const image = await doc.embedPng(Buffer.from(ONE_PIXEL_PNG, "base64"));
  page.node.setFontDictionary(PDFName.of("F1"), font.ref);
  page.node.setXObject(PDFName.of("Im1"), image.ref);
  if (alter.has("font-not-embedded") || alter.has("unembedded-font-invisible"))
    page.node.setFontDictionary(PDFName.of("F2"), (await doc.embedFont(StandardFonts.Helvetica)).ref);
  if (alter.has("type3-without-unicode")) page.node.setFontDictionary(PDFName.of("T3"), typeThreeFont(doc));
  const annot = ctx.register(
    ctx.obj({
      Type: "Annot",
      Subtype: "Link",
      Rect: [40, 440, 240, 456],
      Border: [0, 0, 0],
      A: { S: "URI", URI: PDFString.of("https://example.com/terms") },
      StructParent: 1,
      ...(alter.has("link-without-contents") ? {} : { Contents: PDFString.of("Terms of sale") }),
    }),
  );
  page.node.set(PDFName.of("Annots"), ctx.obj([annot]));
  if (!alter.has("no-tabs")) page.node.set(PDFName.of("Tabs"), PDFName.of(alter.has("tabs-row") ? "R" : "S"));
  page.node.set(PDFName.of("StructParents"), PDFNumber.of(0));
  page.node.set(
    PDFName.of("Contents"),
    ctx.register(ctx.stream(pageContent((text) => font.encodeText(text).toString(), alter))),
  );
  catalogEntries(doc, alter);
  if (!alter.has("no-struct-tree")) {
    const structure = buildStructure(doc, page.ref, annot, alter);
    for (const change of changes)
      if (change in AFTER_BUILD) AFTER_BUILD[change as keyof typeof AFTER_BUILD]({ doc, page, structure });
  }
  return doc.save({ useObjectStreams: false });
}
