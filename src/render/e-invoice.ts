import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { RenderOptions } from "../domain/render-options/options-schema";
import type { ServiceError } from "../errors";
import { checkDataOnlyXml, xmlRefused } from "./xml-gate";

export type FacturXProfile = NonNullable<RenderOptions["e_invoice"]>["profile"];

/** The Factur-X conformance levels as the XMP writes them, by the profile names the options use. */
export const FACTUR_X_LEVELS: Record<FacturXProfile, "MINIMUM" | "BASIC WL" | "BASIC" | "EN 16931" | "EXTENDED"> = {
  minimum: "MINIMUM",
  "basic-wl": "BASIC WL",
  basic: "BASIC",
  en16931: "EN 16931",
  extended: "EXTENDED",
};

const ROOT = "rsm:CrossIndustryInvoice";
const CII_NAMESPACE = "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100";
/** XML defines these five entities; any other needs a DTD, which an invoice XML does not have. */
const PREDEFINED_ENTITIES = new Set(["amp", "lt", "gt", "quot", "apos"]);

// Structure only: no entity is expanded, attributes are kept to read the root's namespace.
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  processEntities: false,
  commentPropName: "#comment",
});

const PART = "options.e_invoice.xml";

function refused(why: string): ServiceError {
  return xmlRefused(PART, "invalid_e_invoice_xml", why);
}

function undefinedEntity(xml: string): string | undefined {
  const outsideMarkup = xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->/g, "");
  for (const [, name] of outsideMarkup.matchAll(/&([^;#\s<&]+);/g))
    if (name !== undefined && !PREDEFINED_ENTITIES.has(name)) return name;
  return undefined;
}

/**
 * Refuses (render_failed, stage template) XML that is not well-formed, or whose one root element is not a
 * Cross Industry Invoice: Factur-X embeds the XML as is, and a reader's software would reject it later.
 */
export function checkCrossIndustryInvoice(xml: string): void {
  checkDataOnlyXml(xml, PART);
  const verdict = XMLValidator.validate(xml);
  if (verdict !== true)
    throw refused(
      `it is not well-formed XML (line ${verdict.err.line}, column ${verdict.err.col}: ${verdict.err.msg})`,
    );
  const entity = undefinedEntity(xml);
  if (entity)
    throw refused(
      `it uses the entity &${entity}; which XML does not define (write the character itself, or &#…; with its code)`,
    );
  let parsed: Array<Record<string, unknown>>;
  try {
    parsed = parser.parse(xml) as Array<Record<string, unknown>>;
  } catch (error) {
    throw refused(`it could not be read (${(error as Error).message})`);
  }
  const elements = parsed.filter((node) =>
    Object.keys(node).some((key) => !key.startsWith("?") && !key.startsWith("#") && key !== ":@"),
  );
  const [root, ...others] = elements;
  if (!root || others.length) throw refused(`it has ${elements.length} root elements; it must have one, ${ROOT}`);
  // The root was kept for having an element's key, so the name is always found.
  const name = Object.keys(root).find((key) => key !== ":@");
  if (name !== ROOT) throw refused(`its root element is ${name}; it must be ${ROOT}`);
  const namespace = (root[":@"] as Record<string, string> | undefined)?.["xmlns:rsm"];
  if (namespace !== CII_NAMESPACE)
    throw refused(`its rsm prefix must be bound to ${CII_NAMESPACE} (xmlns:rsm on the root element)`);
}
