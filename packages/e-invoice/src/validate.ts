// An e-invoice checked as a receiver checks it: the syntax's XSD, the CEN EN 16931 rules for that syntax and the
// profile's or CIUS's own rules, all official artefacts pinned by release, plus Folio's own check that the XML
// declares the profile it is sent as (FOLIO-PROFILE).
// The XML must have passed Folio's XML gate first (no DOCTYPE, entity, stylesheet instruction or XInclude): the
// parsers here are set to load nothing, but the gate is where such XML is refused with its reason.
import type { XmlDocument, XmlElement } from "libxml2-wasm";
import { hasArtefact } from "./artefacts.ts";
import { type EInvoiceKind, FACTUR_X_PROFILES, type Profile, ROOTS, UBL_CIUS } from "./profiles.ts";
import {
  CHECK_SHARES,
  type CheckShare,
  RULE_FILES,
  type RuleSet,
  SCHEMA_FILES,
  type SchemaId,
  shareOf,
} from "./rule-files.ts";
import { type RulesInput, rulesInput, schematronViolations } from "./schematron.ts";
import { LOCATION_NAMESPACES, type Violation } from "./violation.ts";
import { parseInvoice, schemaViolations } from "./xsd.ts";

export type { EInvoiceKind, FacturXProfile, UblCius } from "./profiles.ts";
export type { CheckShare } from "./rule-files.ts";
export type { Violation } from "./violation.ts";
export { CHECK_SHARES, LOCATION_NAMESPACES };

export const MAX_VIOLATIONS = 100;

export interface EInvoiceValidation {
  /** No fatal violation: warnings never make an invoice invalid. */
  valid: boolean;
  /** The rule sets applied, by name and release. */
  rules: RuleSet[];
  /** Rule sets the profile has that were not applied, and why (their terms forbid shipping them). */
  rules_not_applied: Array<{ name: string; reason: string }>;
  /** Fatal ones first, at most MAX_VIOLATIONS. */
  violations: Violation[];
  violations_truncated?: true;
}

function declaredProfile(doc: XmlDocument, kind: EInvoiceKind): string | undefined {
  const path =
    kind.standard === "factur-x"
      ? "/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID"
      : "/*/cbc:CustomizationID";
  return doc.get(path, LOCATION_NAMESPACES)?.content.trim();
}

function profileViolation(message: string, location: string): Violation {
  return { rule: "FOLIO-PROFILE", severity: "fatal", message, location };
}

/** The schema for the document's root, or a FOLIO-PROFILE violation when the root is not the standard's. */
function schemaFor(root: XmlElement, kind: EInvoiceKind): SchemaId | Violation {
  const is = (expected: { namespace: string; name: string }) =>
    root.namespaceUri === expected.namespace && root.name === expected.name;
  if (kind.standard === "factur-x")
    return is(ROOTS.cii)
      ? FACTUR_X_PROFILES[kind.profile].schema
      : profileViolation(
          `A ${kind.standard} e-invoice is a CII rsm:CrossIndustryInvoice; this XML's root is ${root.name}.`,
          "/",
        );
  if (is(ROOTS.invoice)) return "ubl-invoice";
  if (is(ROOTS.creditNote)) return "ubl-credit-note";
  return profileViolation(`A UBL e-invoice is a UBL 2.1 Invoice or CreditNote; this XML's root is ${root.name}.`, "/");
}

function profileOf(kind: EInvoiceKind): Profile {
  return kind.standard === "factur-x" ? FACTUR_X_PROFILES[kind.profile] : UBL_CIUS[kind.cius];
}

/** The syntax share's own findings: the profile the XML declares against the one it is sent as, then the XSD. */
function syntaxFindings(
  doc: XmlDocument,
  kind: EInvoiceKind,
  schema: SchemaId,
  profile: Profile,
  result: EInvoiceValidation,
): Violation[] {
  const found: Violation[] = [];
  const declared = declaredProfile(doc, kind);
  if (declared !== profile.id)
    found.push(
      profileViolation(
        `Declared as ${"profile" in kind ? `profile ${kind.profile}` : `CIUS ${kind.cius}`}, which is ` +
          `${profile.id}; the XML says ${declared ?? "nothing"}.`,
        kind.standard === "factur-x"
          ? "/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext" +
              "/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID"
          : `/${doc.root.name === "Invoice" ? "ubl" : "cn"}:${doc.root.name}/cbc:CustomizationID`,
      ),
    );
  result.rules.push({ name: SCHEMA_FILES[schema].name, version: SCHEMA_FILES[schema].version });
  found.push(...schemaViolations(doc, schema));
  return found;
}

function checks(
  xml: string,
  doc: XmlDocument,
  kind: EInvoiceKind,
  shares: readonly CheckShare[],
  result: EInvoiceValidation,
): Violation[] {
  const root = doc.root;
  const schema = schemaFor(root, kind);
  if (typeof schema !== "string") return shares.includes("syntax") ? [schema] : [];
  const profile = profileOf(kind);
  const found = shares.includes("syntax") ? syntaxFindings(doc, kind, schema, profile, result) : [];
  let input: RulesInput | undefined;
  for (const id of profile.rules.filter((id) => shares.includes(shareOf(id)))) {
    const file = RULE_FILES[id];
    if ("deployerProvided" in file && !hasArtefact(file.sef)) {
      result.rules_not_applied.push({
        name: file.name,
        reason:
          "OpenPeppol's terms ask for consent before redistribution; a deployer adds them (see the package README)",
      });
      continue;
    }
    result.rules.push({ name: file.name, version: file.version });
    input ??= rulesInput(xml);
    found.push(...schematronViolations(input, id));
  }
  if (profile.omitted && shares.includes("profile")) result.rules_not_applied.push(profile.omitted);
  return found;
}

/** The verdict on `xml` of the rules in `shares` (all of them unless told). */
export function validateEInvoice(
  xml: string,
  kind: EInvoiceKind,
  shares: readonly CheckShare[] = CHECK_SHARES,
): EInvoiceValidation {
  const result: EInvoiceValidation = { valid: false, rules: [], rules_not_applied: [], violations: [] };
  let found: Violation[];
  let doc: XmlDocument | undefined;
  try {
    doc = parseInvoice(xml);
    found = checks(xml, doc, kind, shares, result);
  } catch (error) {
    if (doc) throw error;
    const unparsed = `The XML does not parse: ${(error as Error).message}`;
    found = shares.includes("syntax") ? [{ rule: "XML", severity: "fatal", message: unparsed, location: "/" }] : [];
  } finally {
    doc?.dispose();
  }
  return listed(result, found);
}

/** Fatal violations first, then warnings, each in the order found; at most MAX_VIOLATIONS. */
function listed(result: EInvoiceValidation, found: Violation[], truncated = false): EInvoiceValidation {
  const ordered = [...found.filter((v) => v.severity === "fatal"), ...found.filter((v) => v.severity !== "fatal")];
  result.valid = !ordered.some((v) => v.severity === "fatal");
  result.violations = ordered.slice(0, MAX_VIOLATIONS);
  if (truncated || ordered.length > MAX_VIOLATIONS) result.violations_truncated = true;
  return result;
}

/**
 * One verdict from the syntax share's and the profile share's, equal to checking both at once: each list holds its
 * share's fatal violations first, so the first MAX_VIOLATIONS of the two together, fatal first, are among them.
 */
export function combineShares(syntax: EInvoiceValidation, profile: EInvoiceValidation): EInvoiceValidation {
  return listed(
    {
      valid: false,
      rules: [...syntax.rules, ...profile.rules],
      rules_not_applied: [...syntax.rules_not_applied, ...profile.rules_not_applied],
      violations: [],
    },
    [...syntax.violations, ...profile.violations],
    syntax.violations_truncated === true || profile.violations_truncated === true,
  );
}
