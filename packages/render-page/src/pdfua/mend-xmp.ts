// The XMP metadata PDF/UA-1 asks for (docs/accessibility.md#mends): `pdfuaid:part` 1 and `dc:title`. A PDF/A
// file's packet stays pdf-lib's, as finishing wrote it (convertToPDFA, embedFacturX): the PDF/UA identifier joins it
// as one more schema, described beside Factur-X's in the one `pdfaExtension:schemas` bag PDF/A needs.
import {
  extractForeignXmpDescriptions,
  type PDFAConformanceLevel,
  type PDFDocument,
  PDFName,
  parsePDFAConformanceFromXmp,
} from "@cantoo/pdf-lib";
import { entry, streamBytes } from "./pdf-values.ts";

const PDFUA_NAMESPACE = "http://www.aiim.org/pdfua/ns/id/";
const EXTENSION_NAMESPACES =
  'xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" ' +
  'xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" ' +
  'xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#"';

const PDFUA_DESCRIPTION = `<rdf:Description rdf:about="" xmlns:pdfuaid="${PDFUA_NAMESPACE}"><pdfuaid:part>1</pdfuaid:part></rdf:Description>`;

/** The pdfuaid schema as PDF/A describes a schema it does not define (ISO 19005-1 6.7.8). */
const PDFUA_SCHEMA =
  '<rdf:li rdf:parseType="Resource">' +
  "<pdfaSchema:schema>PDF/UA Universal Accessibility Schema</pdfaSchema:schema>" +
  `<pdfaSchema:namespaceURI>${PDFUA_NAMESPACE}</pdfaSchema:namespaceURI>` +
  "<pdfaSchema:prefix>pdfuaid</pdfaSchema:prefix>" +
  '<pdfaSchema:property><rdf:Seq><rdf:li rdf:parseType="Resource">' +
  "<pdfaProperty:name>part</pdfaProperty:name>" +
  "<pdfaProperty:valueType>Integer</pdfaProperty:valueType>" +
  "<pdfaProperty:category>internal</pdfaProperty:category>" +
  "<pdfaProperty:description>Indicates, which part of ISO 14289 standard is followed</pdfaProperty:description>" +
  "</rdf:li></rdf:Seq></pdfaSchema:property></rdf:li>";

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The extension schemas the packet already describes (Factur-X's, written by embedFacturX) with pdfuaid's added to
 * their bag: pdf-lib keeps one description per namespace, so the two must share one.
 */
function extensionSchemas(foreign: string[]): string {
  const existing = foreign.find((description) => description.includes("<pdfaExtension:schemas>"));
  if (existing?.includes(`<pdfaSchema:namespaceURI>${PDFUA_NAMESPACE}<`)) return existing;
  if (existing)
    return existing.replace("</rdf:Bag></pdfaExtension:schemas>", `${PDFUA_SCHEMA}</rdf:Bag></pdfaExtension:schemas>`);
  return `<rdf:Description rdf:about="" ${EXTENSION_NAMESPACES}><pdfaExtension:schemas><rdf:Bag>${PDFUA_SCHEMA}</rdf:Bag></pdfaExtension:schemas></rdf:Description>`;
}

/** A packet for a file that claims no PDF/A part: the title, the PDF/UA identifier, and what else it held. */
function plainPacket(title: string | undefined, foreign: string[]): string {
  const dcTitle =
    title === undefined
      ? ""
      : `<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(title)}</rdf:li></rdf:Alt></dc:title>`;
  const descriptions = [
    `<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:format>application/pdf</dc:format>${dcTitle}</rdf:Description>`,
    PDFUA_DESCRIPTION,
    ...foreign.filter((description) => !description.includes(`xmlns:pdfuaid="${PDFUA_NAMESPACE}"`)),
  ];
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>\n<x:xmpmeta xmlns:x="adobe:ns:meta/">\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n${descriptions.join("\n")}\n</rdf:RDF>\n</x:xmpmeta>\n<?xpacket end="w"?>`;
}

/**
 * Writes the catalog's XMP with `pdfuaid:part` 1 and the document's title (its Info /Title, which the caller has
 * set). A PDF/A file keeps its part and conformance, its Factur-X schemas and pdf-lib's Info mirror.
 */
export function mendXmp(doc: PDFDocument): void {
  const bytes = streamBytes(entry(doc.catalog, "Metadata"));
  const existing = bytes ? new TextDecoder().decode(bytes) : "";
  const foreign = existing ? extractForeignXmpDescriptions(existing) : [];
  const pdfa = existing ? parsePDFAConformanceFromXmp(existing) : undefined;
  if (pdfa) {
    doc.convertToPDFA({
      conformance: `${pdfa.part}${pdfa.level}` as PDFAConformanceLevel,
      extensions: [PDFUA_DESCRIPTION, extensionSchemas(foreign)],
    });
    return;
  }
  const packet = plainPacket(doc.getTitle(), foreign);
  // Unfiltered, as PDF/A wants it and as pdf-lib writes its own.
  const stream = doc.context.stream(new TextEncoder().encode(packet), { Type: "Metadata", Subtype: "XML" });
  doc.catalog.set(PDFName.of("Metadata"), doc.context.register(stream));
}
