import type { EInvoiceKind } from "@folio/e-invoice/profiles";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { RenderOptions } from "../../contract/render-options/options-schema";
import type { ServiceError } from "../../errors";
import { scanMarkup } from "../../lib/markup-scan";
import type { RenderPart } from "../liquid/liquid";
import { checkDataOnlyXml, xmlRefused } from "./xml-gate";

export type EInvoiceOption = NonNullable<RenderOptions["e_invoice"]>;
export type FacturXProfile = Extract<EInvoiceOption, { standard: "factur-x" }>["profile"];

/** The Factur-X (ZUGFeRD 2.x) conformance levels as the XMP writes them, by the profile names the options use. */
export const FACTUR_X_LEVELS: Record<
  FacturXProfile,
  "MINIMUM" | "BASIC WL" | "BASIC" | "EN 16931" | "EXTENDED" | "XRECHNUNG"
> = {
  minimum: "MINIMUM",
  "basic-wl": "BASIC WL",
  basic: "BASIC",
  en16931: "EN 16931",
  extended: "EXTENDED",
  xrechnung: "XRECHNUNG",
};

/** The root element each standard's XML must have, with the namespace its prefix (or default) binds. */
const ROOTS: Record<EInvoiceOption["standard"], { names: string[]; namespace: (name: string) => string }> = {
  "factur-x": {
    names: ["rsm:CrossIndustryInvoice"],
    namespace: () => "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
  },
  ubl: {
    names: ["Invoice", "CreditNote"],
    namespace: (name) => `urn:oasis:names:specification:ubl:schema:xsd:${name}-2`,
  },
};
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

/** Ends an entity's name as the XML check reads one: `&name;` is a reference, `&` followed by any of these is not. */
const NAME_STOPS = new Set([";", "#", "<", "&", " ", "\t", "\n", "\r"]);

/** The first `&name;` in `text` that XML does not define, in one pass (names never hold `&`: no rescan). */
function firstUndefinedEntity(text: string): string | undefined {
  for (let amp = text.indexOf("&"); amp >= 0; amp = text.indexOf("&", amp + 1)) {
    let end = amp + 1;
    while (end < text.length && !NAME_STOPS.has(text.charAt(end))) end++;
    const name = text.slice(amp + 1, end);
    if (text.charAt(end) === ";" && name && !PREDEFINED_ENTITIES.has(name)) return name;
  }
  return undefined;
}

/**
 * An entity used in text or an attribute that XML does not define; comments and CDATA hold none. One linear scan:
 * a lazy regular expression from each `<!--` (even one inside an attribute value) to the next `-->` was quadratic.
 */
function undefinedEntity(xml: string): string | undefined {
  for (const event of scanMarkup(xml)) {
    const text = event.kind === "text" ? event.text : event.kind === "open" ? event.attributes : "";
    const entity = firstUndefinedEntity(text);
    if (entity) return entity;
  }
  return undefined;
}

/**
 * Refuses (render_failed, stage template) XML that is not well-formed, or whose one root element is not its
 * standard's (a CII Cross Industry Invoice; a UBL Invoice or CreditNote in UBL's default namespace): the XML ships as
 * is, and a receiver's software would reject it later.
 */
export function checkEInvoiceXml(xml: string, standard: EInvoiceOption["standard"]): void {
  const { names, namespace: namespaceOf } = ROOTS[standard];
  const expected = names.join(" or ");
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
  if (!root || others.length) throw refused(`it has ${elements.length} root elements; it must have one, ${expected}`);
  // The root was kept for having an element's key, so the name is always found.
  const name = Object.keys(root).find((key) => key !== ":@") ?? "";
  if (!names.includes(name)) throw refused(`its root element is ${name}; it must be ${expected}`);
  const binding = name.includes(":") ? `xmlns:${name.split(":")[0]}` : "xmlns";
  const namespace = (root[":@"] as Record<string, string> | undefined)?.[binding];
  if (namespace !== namespaceOf(name)) throw refused(`${binding} on its root element must be ${namespaceOf(name)}`);
}

/** The e-invoice's XML rendered with the render's data (outputs escaped as XML), refused unless it is its standard's. */
export async function renderEInvoiceXml(invoice: EInvoiceOption, renderPart: RenderPart): Promise<string> {
  const xml = await renderPart(invoice.xml, PART, "xml");
  checkEInvoiceXml(xml, invoice.standard);
  return xml;
}

/** The kind the rules check the XML as: a Factur-X profile or a UBL CIUS. */
export function eInvoiceKind(invoice: EInvoiceOption): EInvoiceKind {
  return invoice.standard === "ubl"
    ? { standard: invoice.standard, cius: invoice.cius }
    : { standard: invoice.standard, profile: invoice.profile };
}
