// A PDF whose objects are read when first asked for, through its cross-reference table (docs/accessibility.md#in-a-render):
// the page thread reads the pages, their content and what they draw, never the thousands of structure elements the
// other thread reads. Only a file of one revision whose one table lists every object, as Chromium writes it, is
// opened so; any other answers null, and the caller reads it whole.
import { PDFContext, PDFDict, type PDFDocument, PDFName, PDFNumber, type PDFObject, PDFRef } from "@cantoo/pdf-lib";
import { crossReference } from "../pdf-structure.ts";
import { readIndirectObject } from "./indirect-object.ts";
import { ObjectLexer } from "./object-lexer.ts";
import { UnexpectedSyntax } from "./pdf-bytes.ts";
import { documentOfContext } from "./verbatim-pdf.ts";

/** The objects of a context, each read from the file the first time pdf-lib asks for it. */
class ObjectsOnDemand extends Map<PDFRef, PDFObject> {
  readonly #read: (ref: PDFRef) => PDFObject | undefined;
  constructor(read: (ref: PDFRef) => PDFObject | undefined) {
    super();
    this.#read = read;
  }

  override get(ref: PDFRef): PDFObject | undefined {
    const held = super.get(ref);
    if (held !== undefined || super.has(ref)) return held;
    const read = this.#read(ref);
    if (read !== undefined) super.set(ref, read);
    return read;
  }

  override has(ref: PDFRef): boolean {
    return this.get(ref) !== undefined;
  }
}

/** The trailer's dictionary, read where the table's section says it stands. */
function readTrailer(lexer: ObjectLexer, at: number): PDFDict {
  lexer.at = at;
  if (!lexer.keyword("trailer")) lexer.fail("A cross-reference table without trailer");
  lexer.skipSpace();
  const trailer = lexer.value();
  if (!(trailer instanceof PDFDict)) lexer.fail("A trailer that is not a dictionary");
  return trailer;
}

/** Opens `bytes` with its objects read on demand, or null when the file is not of the one shape this reads. */
export function openLazyPdf(bytes: Uint8Array): PDFDocument | null {
  const xref = crossReference(bytes);
  if (xref?.first !== 0) return null;
  const context = PDFContext.create();
  const lexer = new ObjectLexer(bytes, context);
  try {
    const trailer = readTrailer(lexer, xref.xrefOffset + xref.trailerAt);
    const size = trailer.get(PDFName.of("Size"));
    // A later revision's table lists only what it changed; an encrypted file's strings are ciphertext.
    if (trailer.has(PDFName.of("Prev")) || trailer.has(PDFName.of("Encrypt"))) return null;
    if (!(size instanceof PDFNumber) || size.asNumber() !== xref.count) return null;
    const read = (ref: PDFRef) => {
      const offset = ref.generationNumber === 0 ? xref.offsetOf(ref.objectNumber) : -1;
      if (offset < 0) return undefined;
      lexer.at = offset;
      const found = readIndirectObject(lexer);
      if (found.objectNumber !== ref.objectNumber) lexer.fail("An object other than the table says");
      return found.object;
    };
    Object.defineProperty(context, "indirectObjects", { value: new ObjectsOnDemand(read) });
    const root = trailer.get(PDFName.of("Root"));
    if (!(root instanceof PDFRef)) return null;
    context.trailerInfo = {
      Root: root,
      Size: size,
      Encrypt: undefined,
      Info: trailer.get(PDFName.of("Info")),
      ID: undefined,
    };
    context.largestObjectNumber = xref.count - 1;
    return documentOfContext(context);
  } catch (error) {
    if (error instanceof UnexpectedSyntax) return null;
    throw error;
  }
}
