// The reader's dictionaries (packages/render-page/src/pdfua/read-dict.ts): keys and values kept in turn until a Map
// is asked for, they must answer every question and take every change as pdf-lib's own dictionary read from the same
// bytes does, side by side, through each change, in order, written byte for byte the same.
import {
  type PDFArray,
  PDFContext,
  PDFDict,
  PDFName,
  PDFNull,
  PDFNumber,
  type PDFObject,
  PDFObjectParser,
  PDFString,
} from "@cantoo/pdf-lib";
import { ObjectLexer } from "@folio/render-page/pdfua/object-lexer";
import { MAX_LISTED_ENTRIES, ReadDict } from "@folio/render-page/pdfua/read-dict";
import { describe, expect, it } from "vitest";

const name = (text: string) => PDFName.of(text);
const encode = (text: string) => new TextEncoder().encode(text);

/** Folio's reading and pdf-lib's of one dictionary. */
function bothReadings(source: string): { folio: PDFDict; pdfLib: PDFDict } {
  const folio = new ObjectLexer(encode(source), PDFContext.create()).value();
  const pdfLib = PDFObjectParser.forBytes(encode(source), PDFContext.create()).parseObject();
  if (!(folio instanceof PDFDict) || !(pdfLib instanceof PDFDict)) throw new Error("not a dictionary");
  return { folio, pdfLib };
}

const written = (dict: PDFObject) => {
  const buffer = new Uint8Array(dict.sizeInBytes());
  dict.copyBytesInto(buffer, 0);
  return new TextDecoder("latin1").decode(buffer);
};

/** Everything a reader of a dictionary may ask, as text. */
function answers(dict: PDFDict, keys: PDFName[]) {
  return {
    written: written(dict),
    text: dict.toString(),
    keys: dict.keys().map(String),
    values: dict.values().map(String),
    entries: dict.entries().map(([key, value]) => `${key} ${value}`),
    map: [...dict.asMap()].map(([key, value]) => `${key} ${value}`),
    asked: keys.map((key) => [`${dict.get(key)}`, `${dict.get(key, true)}`, dict.has(key), `${dict.lookup(key)}`]),
  };
}

const entries = (count: number) => Array.from({ length: count }, (_, i) => `/K${i} ${i}`).join(" ");
const SOURCES = {
  "an element": "<</Type /StructElem /S /TD /P 3 0 R /K [5 6 0 R] /ID (node00000004) /Pg 2 0 R>>",
  "attributes left unread, a null, keys twice": "<</S /P /A [<</O /Table /Scope /Row>>] /N null /S /H1 /B true /N 1>>",
  [`${MAX_LISTED_ENTRIES} entries`]: `<<${entries(MAX_LISTED_ENTRIES)}>>`,
  [`${MAX_LISTED_ENTRIES + 1} entries, a key twice past them`]: `<<${entries(MAX_LISTED_ENTRIES + 1)} /K0 (again)>>`,
  "300 entries": `<<${entries(300)} /A <</X 1>>>>`,
};
const ASKED = ["Type", "S", "K", "A", "N", "B", "Lang", "K0", "K12", "K299", "Missing"].map(name);

/** The changes, each made to both. */
const CHANGES: Array<[string, (dict: PDFDict) => unknown]> = [
  [
    "the first key deleted, then set again",
    (dict) => [dict.delete(dict.keys()[0] as PDFName), dict.set(name("Type"), name("X"))],
  ],
  ["a value replaced in its place", (dict) => dict.set(name("S"), name("Span"))],
  ["a key added", (dict) => dict.set(name("Alt"), PDFString.of("a chart"))],
  ["a null set", (dict) => dict.set(name("Lang"), PDFNull)],
  ["a key deleted", (dict) => dict.delete(name("K"))],
  ["a missing key deleted", (dict) => dict.delete(name("Missing"))],
  [
    "keys added past the list's room",
    (dict) => {
      for (let i = 0; i < MAX_LISTED_ENTRIES + 2; i++) dict.set(name(`New${i}`), PDFNumber.of(i));
    },
  ],
  ["a value read inside", (dict) => (dict.get(name("A")) as PDFArray | undefined)?.toString()],
];

describe("the reader's dictionaries", () => {
  for (const [what, source] of Object.entries(SOURCES))
    it(`answer and change as pdf-lib's do: ${what}`, () => {
      const { folio, pdfLib } = bothReadings(source);
      expect(folio).toBeInstanceOf(ReadDict);
      expect(answers(folio, ASKED)).toEqual(answers(pdfLib, ASKED));
      for (const [change, make] of CHANGES) {
        expect(make(folio), change).toEqual(make(pdfLib));
        expect(answers(folio, ASKED), change).toEqual(answers(pdfLib, ASKED));
      }
      expect(written(folio.clone())).toBe(written(pdfLib.clone()));
    });

  it("keep a Map past a few entries: a key is not sought through a long list", () => {
    const listed = (dict: PDFDict) => (dict as unknown as { listed: unknown[] | null }).listed;
    expect(listed(bothReadings(`<<${entries(MAX_LISTED_ENTRIES)}>>`).folio)).toHaveLength(2 * MAX_LISTED_ENTRIES);
    expect(listed(bothReadings(`<<${entries(MAX_LISTED_ENTRIES + 1)}>>`).folio)).toBeNull();
    expect(listed(bothReadings(SOURCES["300 entries"] as string).folio)).toBeNull();
    const grown = bothReadings(`<<${entries(MAX_LISTED_ENTRIES)}>>`).folio;
    grown.set(name("One"), PDFNumber.of(1));
    expect(listed(grown)).toBeNull();
  });

  it("hand pdf-lib's own methods a Map with the same entries when they ask for it", () => {
    const { folio, pdfLib } = bothReadings(SOURCES["an element"]);
    const ownMap = (dict: PDFDict) => (dict as unknown as { dict: Map<PDFName, PDFObject> }).dict;
    expect([...ownMap(folio)].map(String)).toEqual([...ownMap(pdfLib)].map(String));
    folio.set(name("Alt"), PDFString.of("after"));
    pdfLib.set(name("Alt"), PDFString.of("after"));
    expect(answers(folio, ASKED)).toEqual(answers(pdfLib, ASKED));
  });
});
