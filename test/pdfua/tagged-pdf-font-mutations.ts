// Alterations made after the build: a run of text in a font that breaks one of PDF/UA-1's font conditions. The font
// programs are stand-ins (the checker reads dictionaries, never glyphs), each font otherwise in order: embedded,
// with a ToUnicode map.
import { PDFName, type PDFRef, PDFString } from "@cantoo/pdf-lib";
import { type Built, taggedRun } from "./tagged-pdf-parts.ts";

/** A descriptor with an embedded (stand-in) TrueType program; `flags` 32 is non-symbolic, 4 symbolic. */
function descriptor(built: Built, flags: number) {
  const { context } = built.doc;
  const program = context.register(context.stream("stand-in font program"));
  return context.obj({
    Type: "FontDescriptor",
    FontName: "Stand-In",
    Flags: flags,
    FontBBox: [0, 0, 1000, 1000],
    ItalicAngle: 0,
    Ascent: 800,
    Descent: -200,
    CapHeight: 700,
    StemV: 80,
    FontFile2: program,
  });
}

const toUnicode = (built: Built) =>
  built.doc.context.register(
    built.doc.context.stream("begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange endcmap"),
  );

/** The entries without those set to undefined: how an alteration takes one away. */
const present = <T extends Record<string, unknown>>(entries: T): T =>
  Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined)) as T;

/** A Type 0 font over a Type 2 CIDFont, with `font` and `cidFont` entries laid over a conforming pair. */
function compositeFont(built: Built, font: Record<string, unknown>, cidFont: Record<string, unknown>): PDFRef {
  const { context } = built.doc;
  const descendant = context.obj(
    present({
      Type: "Font",
      Subtype: "CIDFontType2",
      BaseFont: "Stand-In",
      CIDSystemInfo: { Registry: PDFString.of("Adobe"), Ordering: PDFString.of("Identity"), Supplement: 0 },
      FontDescriptor: descriptor(built, 4),
      CIDToGIDMap: "Identity",
      ...cidFont,
    }),
  );
  return context.register(
    context.obj({
      Type: "Font",
      Subtype: "Type0",
      BaseFont: "Stand-In",
      Encoding: "Identity-H",
      DescendantFonts: [descendant],
      ToUnicode: toUnicode(built),
      ...font,
    }),
  );
}

function trueTypeFont(built: Built, flags: number, entries: Record<string, unknown>): PDFRef {
  const { context } = built.doc;
  return context.register(
    context.obj({
      Type: "Font",
      Subtype: "TrueType",
      BaseFont: "Stand-In",
      FirstChar: 65,
      LastChar: 65,
      Widths: [600],
      FontDescriptor: descriptor(built, flags),
      ToUnicode: toUnicode(built),
      ...entries,
    }),
  );
}

/** An embedded CMap for the composite font, of the collection `registry`-`ordering`. */
function embeddedCMap(built: Built, registry: string, ordering: string) {
  const info = { Registry: PDFString.of(registry), Ordering: PDFString.of(ordering), Supplement: 0 };
  return built.doc.context.register(
    built.doc.context.stream("begincmap endcmap", { Type: "CMap", CMapName: "Stand-In-H", CIDSystemInfo: info }),
  );
}

const run = (make: (built: Built) => PDFRef) => (built: Built) => taggedRun(built, make(built));

export const FONT_MUTATIONS = {
  "cmap-neither-predefined-nor-embedded": run((built) => compositeFont(built, { Encoding: "Stand-In-H" }, {})),
  "embedded-cmap-of-another-registry": run((built) =>
    compositeFont(built, { Encoding: embeddedCMap(built, "Other", "Identity") }, {}),
  ),
  "embedded-cmap-of-another-ordering": run((built) =>
    compositeFont(built, { Encoding: embeddedCMap(built, "Adobe", "Other") }, {}),
  ),
  "cid-truetype-without-cidtogidmap": run((built) => compositeFont(built, {}, { CIDToGIDMap: undefined })),
  "cid-truetype-with-a-named-cidtogidmap": run((built) => compositeFont(built, {}, { CIDToGIDMap: "Reversed" })),
  "non-symbolic-truetype-without-encoding": run((built) => trueTypeFont(built, 32, {})),
  "non-symbolic-truetype-encoding-without-base": run((built) =>
    trueTypeFont(built, 32, { Encoding: { Type: "Encoding", Differences: [65, PDFName.of("A")] } }),
  ),
  "non-symbolic-truetype-in-standard-encoding": run((built) =>
    trueTypeFont(built, 32, { Encoding: "StandardEncoding" }),
  ),
  "symbolic-truetype-with-encoding": run((built) => trueTypeFont(built, 4, { Encoding: "WinAnsiEncoding" })),
};
