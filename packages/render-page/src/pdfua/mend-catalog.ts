// The document-level entries PDF/UA-1 asks of the catalog and the pages (docs/accessibility.md#mends): a title the
// viewer shows, the language, the tagged-PDF mark, and the tab order following the structure.
import { PDFBool, type PDFDocument, PDFName, PDFString } from "@cantoo/pdf-lib";
import { dictAt, textAt } from "./pdf-values.ts";

export interface DocumentEntries {
  /** The document's title (`options.metadata.title`); when absent, the one Chromium took from `<title>` stays. */
  title?: string | undefined;
  /** The language when the document declares none (`options.metadata.lang`); `<html lang>` wins when present. */
  lang?: string | undefined;
}

/** Sets the Info title (the XMP's `dc:title` is written from it), DisplayDocTitle, /Lang, MarkInfo and /Tabs. */
export function mendCatalog(doc: PDFDocument, entries: DocumentEntries): void {
  const catalog = doc.catalog;
  const title = entries.title ?? doc.getTitle();
  // showInWindowTitleBar is ViewerPreferences' DisplayDocTitle true (07-001, 07-002).
  if (title !== undefined) doc.setTitle(title, { showInWindowTitleBar: true });
  else doc.catalog.getOrCreateViewerPreferences().setDisplayDocTitle(true);
  if (textAt(catalog, "Lang") === undefined && entries.lang !== undefined)
    catalog.set(PDFName.of("Lang"), PDFString.of(entries.lang));
  const markInfo = dictAt(catalog, "MarkInfo");
  if (markInfo) {
    markInfo.set(PDFName.of("Marked"), PDFBool.True);
    // Suspects true says the tags may not describe the content (01-007); the mends leave them right.
    markInfo.delete(PDFName.of("Suspects"));
  } else catalog.set(PDFName.of("MarkInfo"), doc.context.obj({ Marked: true }));
  for (const page of doc.getPages()) page.node.set(PDFName.of("Tabs"), PDFName.of("S"));
}
