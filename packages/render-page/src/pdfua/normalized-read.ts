// A `pdfua` print normalized as it is read (docs/accessibility.md#in-a-render): the render backend mends and checks a
// print before the Worker's finish would normalize it, and the mends write the whole file anew, so rather than
// rewriting the print first (pdf-normalize.ts), what that would write is set on the objects read: the info dictionary,
// read from the very bytes normalizePdf writes (a dictionary nothing changes is copied as them), and the trailer's
// /ID. The structure ids are renumbered in the bytes before they are read, as normalizePdf renumbers them.
import { PDFDict, PDFHexString, PDFRef } from "@cantoo/pdf-lib";
import { latin1Bytes } from "../bytes.ts";
import { fileIdentifierDigits, NO_INFO, type Normalization, normalizedInfo } from "../pdf-normalize.ts";
import { ObjectLexer } from "./object-lexer.ts";
import { byteString } from "./pdf-bytes.ts";
import type { ReadFile } from "./verbatim-writer.ts";

/** Sets the normalization on the objects `lexer` read into `read`, as normalizePdf would have written it. */
export function normalizeRead({ context }: ObjectLexer, read: ReadFile, normalization: Normalization): void {
  const ref = context.trailerInfo.Info;
  const number = ref instanceof PDFRef && ref.generationNumber === 0 ? ref.objectNumber : -1;
  if (!(read.objects[number] instanceof PDFDict)) throw new Error(NO_INFO);
  const printed = byteString(read.bytes, read.spans[2 * number] as number, read.spans[2 * number + 1] as number);
  const bytes = latin1Bytes(normalizedInfo(printed, normalization.metadata));
  const lexer = new ObjectLexer(bytes, context);
  lexer.owner = number;
  const info = lexer.value();
  context.assign(ref as PDFRef, info);
  read.objects[number] = info;
  read.replaced.set(number, bytes);
  const id = fileIdentifierDigits(normalization.documentId);
  context.trailerInfo.ID = context.obj([PDFHexString.of(id), PDFHexString.of(id)]);
}
