// What a validation reports, and the one way every location is written: an XPath with the prefixes below, so a
// reader (the studio, a test) can evaluate it against the XML whatever prefixes the XML itself chose.

export interface Violation {
  /** The rule's id as the artefact gives it (BR-CO-10, BR-DE-15, ...), "XSD" for the schema, or FOLIO-PROFILE. */
  rule: string;
  severity: "fatal" | "warning";
  message: string;
  /** An XPath into the XML, with the prefixes of LOCATION_NAMESPACES. */
  location: string;
}

export const LOCATION_NAMESPACES: Readonly<Record<string, string>> = {
  rsm: "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
  ram: "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
  udt: "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100",
  qdt: "urn:un:unece:uncefact:data:standard:QualifiedDataType:100",
  ubl: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
  cn: "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2",
  cac: "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  cbc: "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
  ext: "urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2",
};

const PREFIXES = new Map(Object.entries(LOCATION_NAMESPACES).map(([prefix, uri]) => [uri, prefix]));

/** One step of a location: `prefix:name`, or `Q{uri}name` for a namespace without a prefix here. */
export function qualifiedStep(namespaceUri: string, localName: string): string {
  if (!namespaceUri) return localName;
  const prefix = PREFIXES.get(namespaceUri);
  return prefix ? `${prefix}:${localName}` : `Q{${namespaceUri}}${localName}`;
}

/**
 * A schematron location in LOCATION_NAMESPACES' prefixes. The ISO skeleton (CEN, Factur-X) writes steps as
 * `*:name[namespace-uri()='uri'][n]`, SchXslt (XRechnung) as `Q{uri}name[n]`; both become `prefix:name[n]`.
 */
export function normalizedLocation(location: string): string {
  return location
    .replace(/\*:([\w.-]+)\[namespace-uri\(\)='([^']*)'\]/g, (_, name: string, uri: string) => qualifiedStep(uri, name))
    .replace(/Q\{([^}]*)\}([\w.-]+)/g, (_, uri: string, name: string) => qualifiedStep(uri, name));
}
