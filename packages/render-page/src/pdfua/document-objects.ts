// The document's other objects PDF/UA-1 speaks of: optional content configurations, embedded files, XFA forms and
// the encryption dictionary's permissions.
import { type PDFDocument, PDFNumber, PDFRawStream } from "@cantoo/pdf-lib";
import { dictAt, dictOf, entry, itemsAt, streamBytes, textAt } from "./pdf-values.ts";
import type { ViolationTally } from "./violations.ts";

/** Permission bit 10 (ISO 32000-1 Table 22): extracting text and graphics for accessibility. */
const EXTRACT_FOR_ACCESSIBILITY = 1 << 9;
/** Name tree nodes visited at most: a malformed tree (a cycle of Kids) ends here. */
const MAX_NAME_TREE_NODES = 10_000;

function checkOptionalContent(doc: PDFDocument, tally: ViolationTally): void {
  const properties = dictAt(doc.catalog, "OCProperties");
  if (!properties) return;
  const defaults = dictAt(properties, "D");
  if (defaults && !textAt(defaults, "Name")) tally.add("20-002", "optional content");
  const configs = itemsAt(properties, "Configs").map(dictOf);
  for (const config of configs) if (config && !textAt(config, "Name")) tally.add("20-001", "optional content");
  if ([defaults, ...configs].some((config) => entry(config, "AS") !== undefined))
    tally.add("20-003", "optional content");
}

/** Each file in the EmbeddedFiles name tree has a file name twice: F, and UF in Unicode. */
function checkEmbeddedFiles(doc: PDFDocument, tally: ViolationTally): void {
  const pending = [dictAt(dictAt(doc.catalog, "Names"), "EmbeddedFiles")];
  for (let visited = 0; pending.length > 0 && visited < MAX_NAME_TREE_NODES; visited++) {
    const node = pending.pop() ?? null;
    pending.push(...itemsAt(node, "Kids").map(dictOf));
    // Names alternates keys and values: the values are the file specifications.
    const specs = itemsAt(node, "Names")
      .filter((_, i) => i % 2 === 1)
      .map(dictOf);
    for (const spec of specs)
      if (spec && entry(spec, "EF") && (!textAt(spec, "F") || !textAt(spec, "UF")))
        tally.add("21-001", `embedded file ${textAt(spec, "UF") ?? textAt(spec, "F") ?? ""}`.trim());
  }
}

/** An XFA form whose configuration requires dynamic rendering: its content is not the page's. */
function checkXfa(doc: PDFDocument, tally: ViolationTally): void {
  const packets = itemsAt(dictAt(doc.catalog, "AcroForm"), "XFA").filter((item) => item instanceof PDFRawStream);
  const dynamic = packets.some((packet) => {
    const bytes = streamBytes(packet);
    return bytes && /<dynamicRender>\s*required\s*<\/dynamicRender>/.test(new TextDecoder().decode(bytes));
  });
  if (dynamic) tally.add("25-001", "AcroForm");
}

/** An encrypted file keeps assistive technology's permission to read it. */
function checkEncryption(doc: PDFDocument, tally: ViolationTally): void {
  const encrypt = dictOf(doc.context.lookup(doc.context.trailerInfo.Encrypt));
  if (!encrypt) return;
  const permissions = entry(encrypt, "P");
  if (!(permissions instanceof PDFNumber)) tally.add("26-001", "encryption");
  else if ((permissions.asNumber() & EXTRACT_FOR_ACCESSIBILITY) === 0) tally.add("26-002", "encryption");
}

export function checkDocumentObjects(doc: PDFDocument, tally: ViolationTally): void {
  checkOptionalContent(doc, tally);
  checkEmbeddedFiles(doc, tally);
  checkXfa(doc, tally);
  checkEncryption(doc, tally);
}
