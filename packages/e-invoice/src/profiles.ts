// What each declared standard and profile (or CIUS) means: the syntax's root, the identifier the XML must carry
// (CII GuidelineSpecifiedDocumentContextParameter/ID, UBL cbc:CustomizationID), the XSD and the rule sets.
import type { SchemaId, SchematronId } from "./rule-files.ts";

export type FacturXProfile = "minimum" | "basic-wl" | "basic" | "en16931" | "extended" | "xrechnung";
export type UblCius = "en16931" | "peppol-bis-3" | "xrechnung";
export type EInvoiceKind = { standard: "factur-x"; profile: FacturXProfile } | { standard: "ubl"; cius: UblCius };

export interface Profile {
  /** The identifier the XML must declare. */
  id: string;
  /** The schematron rule sets, in the order they run. */
  rules: readonly SchematronId[];
  /** Rules that belong to the profile and are not in `rules`, with why. */
  omitted?: { name: string; reason: string };
}

const EN16931 = "urn:cen.eu:en16931:2017";
const XRECHNUNG = `${EN16931}#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0`;
const MERGED_PEPPOL = {
  name: "Peppol BIS Billing 3.0 rules merged into XRechnung's release (PEPPOL-EN16931-R*)",
  reason:
    "OpenPeppol's terms ask for consent before redistribution, so Folio compiles XRechnung's own rules without them",
};

export const FACTUR_X_PROFILES: Record<FacturXProfile, Profile & { schema: SchemaId }> = {
  minimum: { id: "urn:factur-x.eu:1p0:minimum", schema: "factur-x-minimum", rules: ["factur-x-minimum"] },
  "basic-wl": { id: "urn:factur-x.eu:1p0:basicwl", schema: "factur-x-basic-wl", rules: ["factur-x-basic-wl"] },
  basic: {
    id: `${EN16931}#compliant#urn:factur-x.eu:1p0:basic`,
    schema: "factur-x-basic",
    rules: ["cen-cii", "factur-x-basic"],
  },
  en16931: { id: EN16931, schema: "factur-x-en16931", rules: ["cen-cii", "factur-x-en16931"] },
  extended: {
    id: `${EN16931}#conformant#urn:factur-x.eu:1p0:extended`,
    schema: "factur-x-extended",
    rules: ["cen-cii", "factur-x-extended"],
  },
  xrechnung: { id: XRECHNUNG, schema: "cii-d16b", rules: ["cen-cii", "xrechnung-cii"], omitted: MERGED_PEPPOL },
};

export const UBL_CIUS: Record<UblCius, Profile> = {
  en16931: { id: EN16931, rules: ["cen-ubl"] },
  "peppol-bis-3": {
    id: `${EN16931}#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0`,
    rules: ["cen-ubl", "peppol-ubl"],
  },
  xrechnung: { id: XRECHNUNG, rules: ["cen-ubl", "xrechnung-ubl"], omitted: MERGED_PEPPOL },
};

export const ROOTS = {
  cii: { namespace: "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100", name: "CrossIndustryInvoice" },
  invoice: { namespace: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2", name: "Invoice" },
  creditNote: { namespace: "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2", name: "CreditNote" },
} as const;

/** The kind a request names ({standard, profile} or {standard, cius}), or null when it names none Folio checks. */
export function kindFrom(body: { standard?: unknown; profile?: unknown; cius?: unknown }): EInvoiceKind | null {
  const named = (value: unknown, of: object) => typeof value === "string" && Object.hasOwn(of, value);
  if (body.standard === "factur-x" && named(body.profile, FACTUR_X_PROFILES))
    return { standard: "factur-x", profile: body.profile as FacturXProfile };
  if (body.standard === "ubl" && named(body.cius, UBL_CIUS)) return { standard: "ubl", cius: body.cius as UblCius };
  return null;
}
