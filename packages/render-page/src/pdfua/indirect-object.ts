// An indirect object (ISO 32000-1 7.3.10) read where it stands, `n 0 obj … endobj`, a stream's data as its bytes:
// the file read whole (verbatim-pdf.ts) and the pages read on demand (lazy-pdf.ts) read each object so.
import { PDFDict, PDFName, PDFNumber, type PDFObject, PDFRawStream } from "@cantoo/pdf-lib";
import type { ObjectLexer } from "./object-lexer.ts";

const LENGTH = PDFName.of("Length");
const TYPE = PDFName.of("Type");
const STREAMS_OF_OBJECTS = new Set([PDFName.of("ObjStm"), PDFName.of("XRef")]);

export interface IndirectObject {
  objectNumber: number;
  object: PDFObject;
  /** Where its value starts in the file, and where it (or its stream's `endstream`) ends. */
  start: number;
  end: number;
}

/** A stream's data after `stream` and its end of line, /Length bytes long, `endstream` after it. */
function streamAfter(lexer: ObjectLexer, dict: PDFDict): PDFRawStream {
  const { bytes } = lexer;
  if (bytes[lexer.at] === 0x0d) lexer.at++;
  if (bytes[lexer.at] === 0x0a) lexer.at++;
  const length = dict.get(LENGTH);
  if (!(length instanceof PDFNumber)) lexer.fail("A stream whose length is not a number");
  const type = dict.get(TYPE);
  if (type instanceof PDFName && STREAMS_OF_OBJECTS.has(type)) lexer.fail("A stream of objects");
  const start = lexer.at;
  lexer.at += length.asNumber();
  lexer.skipSpace();
  if (!lexer.keyword("endstream")) lexer.fail("A stream whose length is wrong");
  return PDFRawStream.of(dict, bytes.subarray(start, start + length.asNumber()));
}

/** `n 0 obj … endobj`, the cursor on its first digit; any other generation is not expected. */
export function readIndirectObject(lexer: ObjectLexer): IndirectObject {
  const objectNumber = lexer.integer();
  lexer.skipSpace();
  const generation = lexer.integer();
  lexer.skipSpace();
  if (objectNumber < 0 || generation !== 0 || !lexer.keyword("obj")) lexer.fail("An object header");
  lexer.skipSpace();
  lexer.owner = objectNumber;
  const start = lexer.at;
  let object = lexer.value();
  const valueEnd = lexer.at;
  lexer.skipSpace();
  if (object instanceof PDFDict && lexer.keyword("stream")) object = streamAfter(lexer, object);
  const end = object instanceof PDFRawStream ? lexer.at : valueEnd;
  lexer.skipSpace();
  if (!lexer.keyword("endobj")) lexer.fail("An object without endobj");
  return { objectNumber, object, start, end };
}
