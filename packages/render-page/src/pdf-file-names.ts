// pdf-lib writes an attachment's /F name as a literal string without escaping it: a "(" in a name breaks the
// file, and a character past U+00FF is cut to its low byte (U+2028 becomes "("), which lets a name write PDF
// syntax of its own. Once the files are embedded, each file specification whose name is not plain printable ASCII
// gets its /F rewritten as a hex string (its bytes cannot be read as syntax), an ASCII stand-in for old readers;
// the Unicode name stays in /UF, which pdf-lib already writes hex-encoded (README, "Document finishing").
import { PDFArray, PDFDict, type PDFDocument, PDFHexString, PDFName } from "@cantoo/pdf-lib";

/** Printable ASCII without the three characters a literal string must escape. */
const LITERAL_SAFE = /^[\x20-\x27\x2a-\x5b\x5d-\x7e]*$/;

/** The name as a reader without /UF support shows it: every character outside printable ASCII becomes "_". */
function asciiStandIn(name: string): string {
  return [...name].map((c) => (/[\x20-\x7e]/.test(c) ? c : "_")).join("");
}

function hexOf(text: string): string {
  return [...text].map((c) => c.charCodeAt(0).toString(16).padStart(2, "0")).join("");
}

/** Every file specification in the catalog's /EmbeddedFiles name tree (flat or with /Kids). */
function fileSpecifications(doc: PDFDocument): PDFDict[] {
  const names = doc.catalog.lookupMaybe(PDFName.of("Names"), PDFDict);
  const tree = names?.lookupMaybe(PDFName.of("EmbeddedFiles"), PDFDict);
  const found: PDFDict[] = [];
  const walk = (node: PDFDict) => {
    const leaves = node.lookupMaybe(PDFName.of("Names"), PDFArray);
    for (let i = 1; leaves && i < leaves.size(); i += 2) {
      const spec = leaves.lookupMaybe(i, PDFDict);
      if (spec) found.push(spec);
    }
    const kids = node.lookupMaybe(PDFName.of("Kids"), PDFArray);
    for (let i = 0; kids && i < kids.size(); i++) {
      const kid = kids.lookupMaybe(i, PDFDict);
      if (kid) walk(kid);
    }
  };
  if (tree) walk(tree);
  return found;
}

/** Embeds the attached files now and rewrites each /F that pdf-lib would have written unescaped. */
export async function writeFileNamesSafely(doc: PDFDocument, names: string[]): Promise<void> {
  if (names.every((name) => LITERAL_SAFE.test(name))) return;
  await doc.flush();
  for (const spec of fileSpecifications(doc)) {
    const unicode = spec.lookupMaybe(PDFName.of("UF"), PDFHexString)?.decodeText();
    if (unicode === undefined || LITERAL_SAFE.test(unicode)) continue;
    spec.set(PDFName.of("F"), PDFHexString.of(hexOf(asciiStandIn(unicode))));
  }
}
