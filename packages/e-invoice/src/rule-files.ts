// Every official artefact the package ships, by the name the receipt gives it and the release it is pinned to.
// Paths are relative to artefacts/; the README says where each came from and under which licence.

export interface RuleSet {
  /** The receipt's name: who publishes the rules and for what. */
  name: string;
  version: string;
}

export interface SchematronFile extends RuleSet {
  /** The unmodified source under the compile script's sources directory. */
  source: string;
  /** The compiled stylesheet (SaxonJS export, gzipped). */
  sef: string;
  /** The code list the source reads with document(), under the sources directory: compiling writes it in. */
  codeList?: string;
  /** Not shipped: its terms do not allow it. A deployer who may use it compiles it into `sef` (README). */
  deployerProvided?: true;
}

export interface SchemaFile extends RuleSet {
  /** The XSD the document is validated against. */
  root: string;
  /** The folders whose XSDs the root imports, directly or not: all are loaded before libxml2 asks for one. */
  folders: readonly string[];
}

const CEN = { name: "CEN EN 16931 validation artefacts", version: "1.3.16" };
const FACTUR_X_VERSION = "1.0.9";
const XRECHNUNG = { name: "XRechnung schematron (KoSIT), for XRechnung 3.0.2", version: "2.5.0" };

function facturX(profile: string, level: string): SchematronFile {
  return {
    name: `Factur-X ${level} schematron`,
    version: FACTUR_X_VERSION,
    source: `factur-x/Factur-X_1.09_${level.replace(" ", "")}.xsl`,
    sef: `factur-x/${profile}/Factur-X_1.09_${level.replace(" ", "")}.sef.json.gz`,
    codeList: `factur-x/FACTUR-X_${level.replace(" ", "-")}_codedb.xml`,
  };
}

export const RULE_FILES = {
  "cen-cii": {
    ...CEN,
    name: `${CEN.name}, CII`,
    source: "cen/EN16931-CII-validation.xslt",
    sef: "cen-en16931/EN16931-CII-validation.sef.json.gz",
  },
  "cen-ubl": {
    ...CEN,
    name: `${CEN.name}, UBL`,
    source: "cen/EN16931-UBL-validation.xslt",
    sef: "cen-en16931/EN16931-UBL-validation.sef.json.gz",
  },
  "factur-x-minimum": facturX("minimum", "MINIMUM"),
  "factur-x-basic-wl": facturX("basicwl", "BASIC WL"),
  "factur-x-basic": facturX("basic", "BASIC"),
  "factur-x-en16931": facturX("en16931", "EN16931"),
  "factur-x-extended": facturX("extended", "EXTENDED"),
  "xrechnung-cii": {
    ...XRECHNUNG,
    name: `${XRECHNUNG.name}, CII`,
    source: "xrechnung/cii/XRechnung-CII-validation.sch",
    sef: "xrechnung/XRechnung-CII-validation.sef.json.gz",
  },
  "xrechnung-ubl": {
    ...XRECHNUNG,
    name: `${XRECHNUNG.name}, UBL`,
    source: "xrechnung/ubl/XRechnung-UBL-validation.sch",
    sef: "xrechnung/XRechnung-UBL-validation.sef.json.gz",
  },
  "peppol-ubl": {
    name: "Peppol BIS Billing 3.0 rules (OpenPeppol), UBL",
    version: "3.0.19",
    source: "peppol/PEPPOL-EN16931-UBL.sch",
    sef: "peppol/PEPPOL-EN16931-UBL.sef.json.gz",
    deployerProvided: true,
  },
} satisfies Record<string, SchematronFile>;

export type SchematronId = keyof typeof RULE_FILES;

/**
 * A check has two shares the render backend runs side by side, in two threads: the syntax's rules (its XSD, the
 * declared profile, CEN's EN 16931 rules for the syntax) and the profile's or CIUS's own rule sets. Only the syntax
 * share reports XML that does not parse or has the wrong root; the profile share then finds nothing.
 */
export type CheckShare = "syntax" | "profile";
export const CHECK_SHARES: readonly CheckShare[] = ["syntax", "profile"];

export const shareOf = (id: SchematronId): CheckShare => (id === "cen-cii" || id === "cen-ubl" ? "syntax" : "profile");

function facturXSchema(profile: string, prefix: string): SchemaFile {
  const folder = `factur-x/${profile}`;
  return {
    name: `Factur-X ${prefix} XSD`,
    version: FACTUR_X_VERSION,
    root: `${folder}/Factur-X_${prefix}.xsd`,
    folders: [folder],
  };
}

function ublSchema(document: "Invoice" | "CreditNote"): SchemaFile {
  return {
    name: `OASIS UBL 2.1 ${document} XSD`,
    version: "2.1",
    root: `xsd/ubl-2.1/maindoc/UBL-${document}-2.1.xsd`,
    folders: ["xsd/ubl-2.1/maindoc", "xsd/ubl-2.1/common"],
  };
}

export const SCHEMA_FILES = {
  "factur-x-minimum": facturXSchema("minimum", "MINIMUM"),
  "factur-x-basic-wl": facturXSchema("basicwl", "BASICWL"),
  "factur-x-basic": facturXSchema("basic", "BASIC"),
  "factur-x-en16931": facturXSchema("en16931", "EN16931"),
  "factur-x-extended": facturXSchema("extended", "EXTENDED"),
  "cii-d16b": {
    name: "UN/CEFACT Cross Industry Invoice D16B XSD",
    version: "D16B",
    root: "xsd/cii-d16b/CrossIndustryInvoice_100pD16B.xsd",
    folders: ["xsd/cii-d16b"],
  },
  "ubl-invoice": ublSchema("Invoice"),
  "ubl-credit-note": ublSchema("CreditNote"),
} satisfies Record<string, SchemaFile>;

export type SchemaId = keyof typeof SCHEMA_FILES;
