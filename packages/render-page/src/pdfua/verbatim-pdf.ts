// A PDF read once and written back with every object nothing changed as its own bytes (docs/accessibility.md#in-a-render):
// the mends change a few dozen of a tagged file's thousands of objects, and pdf-lib's parser and writer were most of
// the job's time. Files with cross-reference tables, as Chromium and pdf-lib write them, are read by object-lexer.ts;
// any other (object or cross-reference streams, encryption, a syntax it does not expect) by pdf-lib, and written by it.
import {
  ParseSpeeds,
  PDFContext,
  PDFDict,
  PDFDocument,
  PDFHeader,
  PDFName,
  PDFNumber,
  type PDFObject,
} from "@cantoo/pdf-lib";
import { type Normalization, normalizePdf } from "../pdf-normalize.ts";
import { renumberStructureIds } from "../structure-ids.ts";
import { readIndirectObject } from "./indirect-object.ts";
import { normalizeRead } from "./normalized-read.ts";
import { ObjectLexer, pooledRef } from "./object-lexer.ts";
import { UnexpectedSyntax } from "./pdf-bytes.ts";
import { type ReadFile, writeVerbatim } from "./verbatim-writer.ts";

/** Each object as read, where its bytes lie, and which ones changed since (pdf-lib reports each change made). */
class ReadObjects implements ReadFile {
  readonly objects: PDFObject[] = [];
  readonly spans: number[] = [];
  readonly changed = new Set<number>();
  readonly replaced = new Map<number, Uint8Array>();
  readonly bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }
}

export interface VerbatimPdf {
  document: PDFDocument;
  /** Whether Folio read the file and writes what nothing changed as read; else pdf-lib read it and writes it whole. */
  verbatim: boolean;
  /** The document with its changes; what nothing changed written as it was read. */
  save(): Promise<Uint8Array>;
}

/** The indirect object at the cursor, kept with where its bytes lie. */
function readObject(lexer: ObjectLexer, read: ReadObjects): void {
  const { objectNumber: n, object, start, end } = readIndirectObject(lexer);
  lexer.context.assign(pooledRef(n, 0), object);
  read.objects[n] = object;
  read.spans[2 * n] = start;
  read.spans[2 * n + 1] = end;
}

/** `trailer << … >>`, after a cross-reference table stepped over (each object was met where it stands). */
function readTrailer(lexer: ObjectLexer): void {
  // A table holds digits, spaces, `n` and `f`: its first `t` begins the trailer.
  lexer.at = lexer.bytes.indexOf(0x74, lexer.at);
  if (lexer.at < 0 || !lexer.keyword("trailer")) lexer.fail("A cross-reference table without trailer");
  lexer.skipSpace();
  const trailer = lexer.value();
  if (!(trailer instanceof PDFDict) || trailer.get(PDFName.of("Encrypt"))) lexer.fail("A trailer it cannot use");
  const info = lexer.context.trailerInfo;
  const entry = (key: string) => trailer.get(PDFName.of(key));
  lexer.context.trailerInfo = {
    Size: trailer.lookupMaybe(PDFName.of("Size"), PDFNumber) ?? info.Size,
    Root: entry("Root") ?? info.Root,
    Encrypt: info.Encrypt,
    Info: entry("Info") ?? info.Info,
    ID: entry("ID") ?? info.ID,
  };
}

const HEADER = "%PDF-";

function readHeader(lexer: ObjectLexer): PDFHeader {
  for (let i = 0; i < HEADER.length; i++) if (lexer.bytes[i] !== HEADER.charCodeAt(i)) lexer.fail("No header");
  lexer.at = HEADER.length;
  const major = lexer.integer();
  if (lexer.bytes[lexer.at++] !== 0x2e) lexer.fail("A malformed header");
  const minor = lexer.integer();
  if (major < 0 || minor < 0) lexer.fail("A malformed header");
  return PDFHeader.forVersion(major, minor);
}

/** Every revision's objects in the order they stand (a later one replacing an earlier), then the trailers. */
function readObjects(bytes: Uint8Array): { context: PDFContext; read: ReadObjects; lexer: ObjectLexer } {
  const context = PDFContext.create();
  const lexer = new ObjectLexer(bytes, context);
  const read = new ReadObjects(bytes);
  context.header = readHeader(lexer);
  context.pdfFileDetails.pdfSize = bytes.length;
  for (lexer.skipSpace(); lexer.at < bytes.length; lexer.skipSpace()) {
    const c = bytes[lexer.at] as number;
    if (c >= 0x30 && c <= 0x39) readObject(lexer, read);
    else if (lexer.keyword("xref")) readTrailer(lexer);
    else if (lexer.keyword("startxref")) {
      lexer.skipSpace();
      lexer.integer();
    } else lexer.fail("Something other than objects, tables and trailers");
  }
  if (!context.lookup(context.trailerInfo.Root)) lexer.fail("No catalog");
  return { context, read, lexer };
}

/** pdf-lib opens a document from a context only through its constructor, which `load` calls after its own parse. */
type DocumentOfContext = new (context: PDFContext, ignoreEncryption: boolean, updateMetadata: boolean) => PDFDocument;

/** A document over objects Folio read: encrypted files open (the caller refuses them), the info left as it is. */
export const documentOfContext = (context: PDFContext): PDFDocument =>
  new (PDFDocument as unknown as DocumentOfContext)(context, true, false);

/**
 * Opens `bytes` as the mends need it: encrypted files open (the caller refuses them), the info left as it is. With
 * `normalization`, a tagged print is opened as normalizePdf would have made it.
 */
export async function openVerbatimPdf(bytes: Uint8Array, normalization?: Normalization): Promise<VerbatimPdf> {
  let objects: ReturnType<typeof readObjects>;
  try {
    objects = readObjects(normalization ? renumberStructureIds(bytes) : bytes);
    if (normalization) normalizeRead(objects.lexer, objects.read, normalization);
  } catch (error) {
    if (!(error instanceof UnexpectedSyntax)) throw error;
    const file = normalization
      ? normalizePdf(bytes, normalization.documentId, normalization.metadata, { tagged: true })
      : bytes;
    const document = await PDFDocument.load(file, {
      updateMetadata: false,
      parseSpeed: ParseSpeeds.Fastest,
      ignoreEncryption: true,
    });
    // Written in one go: the default yields to the event loop every 50 objects, ten times the work in idle time.
    return { document, verbatim: false, save: () => document.save({ objectsPerTick: Number.POSITIVE_INFINITY }) };
  }
  const { context, read, lexer } = objects;
  context.registerObjectChange = (object: PDFObject) => {
    const owner = lexer.ownerOf(object);
    if (owner !== undefined) read.changed.add(owner);
  };
  const document = documentOfContext(context);
  return { document, verbatim: true, save: async () => writeVerbatim(context, read) };
}
