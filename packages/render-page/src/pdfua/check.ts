// Folio's PDF/UA-1 checker (docs/accessibility.md): the document's conditions when it is opened, then each page's
// content, annotations and fonts as the caller asks, so a caller can stop at its page ceiling.
import { ParseSpeeds, PDFArray, type PDFDict, PDFDocument, PDFName, type PDFPage, PDFRef } from "@cantoo/pdf-lib";
import { concatBytes } from "../bytes.ts";
import { checkAnnotations } from "./annotation-rules.ts";
import { checkLinkTexts, checkTableHeaders } from "./authoring-rules.ts";
import { checkDocumentObjects } from "./document-objects.ts";
import { checkCatalog } from "./document-rules.ts";
import { checkFonts, type FontsChecked } from "./font-rules.ts";
import { checkPageContent, type ReplayedScan, replayPageScan } from "./page-content.ts";
import { streamBytes } from "./pdf-values.ts";
import { PDFUA_CHECKER, PDFUA_RULES } from "./rules.ts";
import { checkStructure } from "./structure-rules.ts";
import { readStructureTree, type StructNode, type StructureTree } from "./structure-tree.ts";
import { type PdfUaReport, ViolationTally } from "./violations.ts";

export interface PdfUaCheck {
  readonly pageCount: number;
  /**
   * Walks page `index` (0-based): its content, annotations and fonts; its content replayed from `scanned` when the
   * page thread scanned it (page-work.ts).
   */
  checkPage(index: number, scanned?: ReplayedScan): void;
  /** The violations so far: the document's own, and those of the pages checked. */
  report(): PdfUaReport;
}

const NEWLINE = new Uint8Array([0x0a]);

/**
 * A page's one content stream joined with its newline once per data (streamBytes answers the same data for the same
 * stream), so the mends and the checker walking a page the mends left as it was walk one array (content-tokens.ts).
 */
const JOINED = new WeakMap<Uint8Array, Uint8Array>();

/** A page's content streams decoded and joined: an array of streams is one content stream cut in pieces. */
export function pageContents(page: PDFDict): Uint8Array {
  const contents = page.lookup(PDFName.of("Contents"));
  const parts = (contents instanceof PDFArray ? contents.asArray() : [contents]).map(
    (part) => streamBytes(part instanceof PDFRef ? page.context.lookup(part) : part) ?? new Uint8Array(),
  );
  const [only] = parts;
  if (parts.length !== 1 || !only) return concatBytes(parts.flatMap((part) => [part, NEWLINE]));
  let joined = JOINED.get(only);
  if (!joined) {
    joined = concatBytes([only, NEWLINE]);
    JOINED.set(only, joined);
  }
  return joined;
}

/** Opens `bytes` and checks what the whole document holds: catalog, metadata and structure tree. */
export async function openPdfUaCheck(bytes: Uint8Array): Promise<PdfUaCheck> {
  // Parsed in one go: the default yields to the event loop every 100 objects, idle time in a side thread.
  const doc = await PDFDocument.load(bytes, {
    ignoreEncryption: true,
    updateMetadata: false,
    parseSpeed: ParseSpeeds.Fastest,
  });
  return openDocumentCheck(doc);
}

/**
 * Checks what `doc` (a document in memory) holds as a whole, its pages as the caller asks. The mends' document is
 * checked so once saved: pdf-lib writes every object the checker reads as it holds it
 * (docs/accessibility.md#in-a-render).
 */
export function openDocumentCheck(doc: PDFDocument): PdfUaCheck {
  const tally = new ViolationTally();
  const catalogHasLang = checkCatalog(doc, tally);
  checkDocumentObjects(doc, tally);
  const tree: StructureTree | null = readStructureTree(doc.catalog, catalogHasLang, tally);
  if (tree) {
    checkStructure(tree, tally);
    checkTableHeaders(tree, tally);
  } else tally.add("FOLIO-STRUCT-TREE", "catalog");
  const pages = doc.getPages();
  const fontsChecked: FontsChecked = { seen: new Set(), drawn: new Set() };
  const contentWalk = {
    tree,
    tally,
    markedForms: new Map<PDFRef, number>(),
    formContents: new Map(),
    textOwners: new Set<StructNode>(),
  };
  /** The page's content checked (or its scan replayed): the fonts it shows text with. */
  const walkContent = (page: PDFPage, location: string, scanned: ReplayedScan | undefined) => {
    if (!scanned) {
      const { node, ref } = page;
      return checkPageContent(
        { ref, contents: pageContents(node), resources: node.Resources() ?? null },
        contentWalk,
        location,
      );
    }
    replayPageScan(scanned.events, contentWalk, location);
    return scanned.fonts;
  };
  let pagesChecked = 0;
  return {
    pageCount: pages.length,
    checkPage(index, scanned) {
      const page = pages[index];
      if (!page) throw new RangeError(`The document has ${pages.length} pages: there is no page ${index + 1}`);
      const location = `page ${index + 1}`;
      const node = page.node;
      const fonts = walkContent(page, location, scanned);
      checkFonts(fonts, fontsChecked, tally, location);
      checkAnnotations(node, tree, { tally, location, catalogHasLang });
      pagesChecked++;
    },
    report: () => ({
      checker: PDFUA_CHECKER,
      checks: Object.keys(PDFUA_RULES).length,
      pages_checked: pagesChecked,
      // A link's text is known once every page is walked: a report of some pages leaves the rule out.
      violations: tally.list(
        tree && pagesChecked === pages.length ? checkLinkTexts(tree, contentWalk.textOwners) : undefined,
      ),
    }),
  };
}

/** Checks every page of `bytes`. */
export async function checkPdfUa(bytes: Uint8Array): Promise<PdfUaReport> {
  const check = await openPdfUaCheck(bytes);
  for (let index = 0; index < check.pageCount; index++) check.checkPage(index);
  return check.report();
}
