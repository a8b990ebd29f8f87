// A UBL e-invoice carries its PDF as an additional supporting document (EN 16931 BG-24): base64 inside
// cac:AdditionalDocumentReference/cac:Attachment/cbc:EmbeddedDocumentBinaryObject. The reference is written into the
// rendered XML where UBL 2.1's sequence puts it, so the XML the template wrote stays byte for byte around it.
// The XML has passed the e-invoice checks (well-formed, one UBL root, no DOCTYPE), so a scan of its tags is exact.

import { scanMarkup, tagAttributes } from "../../lib/markup-scan";

const CAC = "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2";
const CBC = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2";

/** The root's children that follow AdditionalDocumentReference in UBL 2.1 Invoice and CreditNote. */
const FOLLOWERS = new Set(["ProjectReference", "Signature", "AccountingSupplierParty"]);

interface Child {
  prefix: string;
  local: string;
  start: number;
  /** Where the text after the start tag begins. */
  contentStart: number;
  end?: number;
}

function split(qualified: string): { prefix: string; local: string } {
  const colon = qualified.indexOf(":");
  return colon < 0
    ? { prefix: "", local: qualified }
    : { prefix: qualified.slice(0, colon), local: qualified.slice(colon + 1) };
}

/** The root element's namespace declarations and its children, in order, from one linear scan of the tags. */
function rootChildren(xml: string): { namespaces: Map<string, string>; children: Child[] } {
  const namespaces = new Map<string, string>();
  const children: Child[] = [];
  let depth = 0;
  for (const event of scanMarkup(xml)) {
    if (event.kind === "close") {
      depth -= 1;
      const child = children.at(-1);
      if (depth === 1 && child) child.end = event.start;
    }
    if (event.kind !== "open") continue;
    if (depth === 0)
      for (const { name, value } of tagAttributes(event.attributes))
        if (name === "xmlns" || name.startsWith("xmlns:")) namespaces.set(name.slice(6), value);
    if (depth === 1) children.push({ ...split(event.written), start: event.start, contentStart: event.end });
    if (!event.selfClosing) depth += 1;
  }
  return { namespaces, children };
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The invoice's own number (cbc:ID under the root), which names the reference and its file. */
function invoiceNumber(xml: string, children: Child[], namespaces: Map<string, string>): string {
  const id = children.find((c) => c.local === "ID" && namespaces.get(c.prefix) === CBC && c.end !== undefined);
  const text = id ? xml.slice(id.contentStart, id.end).trim() : "";
  return text || "invoice";
}

/**
 * The UBL with the PDF embedded as an additional document reference, placed before the first element that follows one
 * in UBL 2.1's sequence. The reference declares its own prefixes, so it is right whatever prefixes the template uses.
 */
export function embedPdfInUbl(xml: string, pdf: Uint8Array): string {
  const { namespaces, children } = rootChildren(xml);
  const next = children.find((c) => FOLLOWERS.has(c.local) && namespaces.get(c.prefix) === CAC);
  // Without a following element the XML has no seller party: the rules refuse it; the PDF goes last for them to see.
  const at = next?.start ?? xml.lastIndexOf("</");
  const number = invoiceNumber(xml, children, namespaces);
  // The number is the XML's own text (entities and all); the file name keeps only characters that need no escaping.
  const fileName = `${number.replace(/&[a-z]+;|&#\w+;/g, "-").replace(/[^A-Za-z0-9._-]+/g, "-")}.pdf`;
  const reference =
    `<cac:AdditionalDocumentReference xmlns:cac="${CAC}" xmlns:cbc="${CBC}">` +
    `<cbc:ID>${number}</cbc:ID>` +
    `<cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="application/pdf" filename="${fileName}">` +
    `${base64(pdf)}</cbc:EmbeddedDocumentBinaryObject></cac:Attachment>` +
    "</cac:AdditionalDocumentReference>";
  const indent = /\n([ \t]*)$/.exec(xml.slice(0, at))?.[1] ?? "";
  return `${xml.slice(0, at)}${reference}\n${indent}${xml.slice(at)}`;
}
