// XML that Folio embeds is data, never instructions to whoever opens it (README, "Document finishing"): a DTD can
// declare entities that expand a few bytes into gigabytes or read files, a stylesheet instruction or XInclude
// makes a reader fetch and run things, and nesting thousands deep overflows a parser's stack. Each is refused
// before anything parses the XML, in one linear scan (lib/markup-scan.ts), so no XML costs more than its length.
// XInclude is known by its namespace however it is bound (any prefix, a default namespace, character references).
import { ServiceError } from "../../errors";
import { scanMarkup } from "../../lib/markup-scan";

/** Far deeper than any invoice (a Cross Industry Invoice nests about 10 levels), far shallower than a stack. */
export const MAX_XML_DEPTH = 100;

const XINCLUDE_NAMESPACE = "http://www.w3.org/2001/XInclude";

export function xmlRefused(part: string, reason: string, why: string): ServiceError {
  return new ServiceError("render_failed", `The XML in ${part} is refused: ${why}.`, {
    details: { stage: "template", part, reason },
  });
}

/** An attribute value as an XML parser reads it: character references and the predefined entities decoded. */
function decoded(value: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, ref: string) => {
    if (ref[0] !== "#") return named[ref.toLowerCase()] ?? whole;
    const code = ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return Number.isSafeInteger(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Whether an element's attributes bind or name the XInclude namespace, however the value is spelled. */
function namesXInclude(attributes: string): boolean {
  for (let at = attributes.indexOf("="); at >= 0; at = attributes.indexOf("=", at + 1)) {
    let open = at + 1;
    while (open < attributes.length && /\s/.test(attributes.charAt(open))) open++;
    const quote = attributes[open];
    if (quote !== '"' && quote !== "'") continue;
    const close = attributes.indexOf(quote, open + 1);
    if (close < 0) return false;
    if (decoded(attributes.slice(open + 1, close)).trim() === XINCLUDE_NAMESPACE) return true;
    at = close;
  }
  return false;
}

/** Throws render_failed (stage template, `details.reason` naming the construct) for XML that is more than data. */
export function checkDataOnlyXml(xml: string, part: string): void {
  const open: string[] = [];
  for (const event of scanMarkup(xml)) {
    if (event.kind === "declaration" && (event.name === "DOCTYPE" || event.name === "ENTITY"))
      throw xmlRefused(
        part,
        "xml_dtd",
        `it declares a ${event.name === "DOCTYPE" ? "DOCTYPE (a DTD, and with it entities)" : "entity"}; ` +
          `Folio embeds XML without one`,
      );
    if (event.kind === "instruction" && event.target === "xml-stylesheet")
      throw xmlRefused(
        part,
        "xml_stylesheet",
        "it carries an xml-stylesheet instruction, which makes a reader fetch and apply a stylesheet",
      );
    if (event.kind === "open") {
      if (namesXInclude(event.attributes))
        throw xmlRefused(part, "xml_include", "it uses XInclude, which makes a reader fetch other documents into it");
      if (!event.selfClosing) open.push(event.name);
      if (open.length > MAX_XML_DEPTH)
        throw xmlRefused(part, "xml_too_deep", `its elements nest more than ${MAX_XML_DEPTH} levels deep`);
    }
    if (event.kind === "close") {
      const at = open.lastIndexOf(event.name);
      if (at >= 0) open.length = at;
    }
  }
}
