// XML that Folio embeds is data, never instructions to whoever opens it (README, "Document finishing"): a DTD can
// declare entities that expand a few bytes into gigabytes or read files, a stylesheet instruction or XInclude
// makes a reader fetch and run things, and nesting thousands deep overflows a parser's stack. Each is refused
// before anything parses the XML, in one linear scan, so no XML can cost more than its length.
import { ServiceError } from "../errors";

/** Far deeper than any invoice (a Cross Industry Invoice nests about 10 levels), far shallower than a stack. */
export const MAX_XML_DEPTH = 100;

const XINCLUDE_NAMESPACE = "http://www.w3.org/2001/XInclude";

export function xmlRefused(part: string, reason: string, why: string): ServiceError {
  return new ServiceError("render_failed", `The XML in ${part} is refused: ${why}.`, { details: { stage: "template", part, reason } });
}

/** Comments and CDATA sections hold text only: what they say is never markup. */
const withoutTextSections = (xml: string) => xml.replace(/<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>/g, "");

function deepestNesting(markup: string): number {
  let depth = 0;
  let deepest = 0;
  for (const [, closing, selfClosing] of markup.matchAll(/<(\/?)[^!?\s>/][^>]*?(\/?)>/g)) {
    if (closing) depth--;
    else if (!selfClosing) deepest = Math.max(deepest, ++depth);
  }
  return deepest;
}

/** Throws render_failed (stage template, `details.reason` naming the construct) for XML that is more than data. */
export function checkDataOnlyXml(xml: string, part: string): void {
  const markup = withoutTextSections(xml);
  if (/<!DOCTYPE/i.test(markup)) throw xmlRefused(part, "xml_dtd", "it declares a DOCTYPE (a DTD, and with it entities); Folio embeds XML without one");
  if (/<!ENTITY/i.test(markup)) throw xmlRefused(part, "xml_dtd", "it declares an entity; Folio embeds XML without a DTD");
  if (/<\?xml-stylesheet\b/i.test(markup)) throw xmlRefused(part, "xml_stylesheet", "it carries an xml-stylesheet instruction, which makes a reader fetch and apply a stylesheet");
  if (markup.includes(XINCLUDE_NAMESPACE) || /<[\w.-]+:include\b/.test(markup)) throw xmlRefused(part, "xml_include", "it uses XInclude, which makes a reader fetch other documents into it");
  if (deepestNesting(markup) > MAX_XML_DEPTH) throw xmlRefused(part, "xml_too_deep", `its elements nest more than ${MAX_XML_DEPTH} levels deep`);
}
