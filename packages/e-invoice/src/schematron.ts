// Runs a compiled schematron (an XSLT that writes SVRL) with SaxonJS, an XSLT 3 processor in JavaScript: no JVM.
// Each stylesheet is loaded on first use and kept. Factur-X's code lists are written into its compiled rules
// (scripts/inline-code-lists.xsl), so nothing is read or fetched while validating.
import { gunzipSync } from "node:zlib";
import SaxonJS from "saxon-js";
import { readArtefact } from "./artefacts.ts";
import { RULE_FILES, type SchematronFile, type SchematronId } from "./rule-files.ts";
import { normalizedLocation, type Violation } from "./violation.ts";

const BASE = "file:///folio-e-invoice/";
const SVRL = { svrl: "http://purl.oclc.org/dsdl/svrl" };

interface Loaded {
  stylesheet: unknown;
  baseUri: string;
}

const loaded = new Map<SchematronId, Loaded>();

/** Loads a rule set now (gunzip, parse) rather than at its first validation. */
export function loadRuleSet(id: SchematronId): Loaded {
  const known = loaded.get(id);
  if (known) return known;
  const file: SchematronFile = RULE_FILES[id];
  const stylesheet = JSON.parse(new TextDecoder().decode(gunzipSync(readArtefact(file.sef))));
  const ready = { stylesheet, baseUri: BASE + file.sef };
  loaded.set(id, ready);
  return ready;
}

interface SvrlFinding {
  id: string;
  flag: string;
  location: string;
  text: string;
}

// Failed asserts and successful reports are both findings; the rule's id is @id (all shipped artefacts set it).
const FINDINGS = `descendant::*[self::svrl:failed-assert or self::svrl:successful-report] !
  map { 'id': string(@id), 'flag': string(@flag), 'location': string(@location), 'text': normalize-space(svrl:text) }`;

/** XPath errors an invoice's values cause: casts (FORG0001), types (XPTY), arithmetic (FOAR), dates (FODT), decimals (FOCA). */
const INVOICE_ERRORS = /^(FORG0001|XPTY\d{4}|FOAR\d{4}|FODT\d{4}|FOCA\d{4})$/;

/** Fatal unless the artefact flags the rule a warning (or information). */
function severity(flag: string): Violation["severity"] {
  return flag === "warning" || flag === "information" ? "warning" : "fatal";
}

/** The invoice as SaxonJS reads it: parsed once, then given to each rule set in turn. */
export interface RulesInput {
  readonly parsed: unknown;
}

export function rulesInput(xml: string): RulesInput {
  return { parsed: SaxonJS.XPath.evaluate("parse-xml($xml)", null, { params: { xml } }) };
}

export function schematronViolations(input: RulesInput, id: SchematronId): Violation[] {
  const { stylesheet, baseUri } = loadRuleSet(id);
  let svrl: unknown;
  try {
    svrl = SaxonJS.transform(
      {
        stylesheetInternal: stylesheet,
        stylesheetBaseURI: baseUri,
        sourceNode: input.parsed,
        destination: "document",
      },
      "sync",
    ).principalResult;
  } catch (error) {
    // A rule that casts a value the XSD already refused (an empty amount read as a number) stops the whole rule
    // set with an XPath cast, type or arithmetic error: that is a finding about the invoice. Anything else is the
    // check's own failure.
    if (!INVOICE_ERRORS.test(String((error as { code?: unknown }).code ?? ""))) throw error;
    return [
      {
        rule: id,
        severity: "fatal",
        message:
          `${RULE_FILES[id].name} could not be applied to this XML (${(error as Error).message}); ` +
          "the XSD violations say which value to fix.",
        location: "/",
      },
    ];
  }
  const findings = SaxonJS.XPath.evaluate(FINDINGS, svrl, {
    namespaceContext: SVRL,
    resultForm: "array",
  }) as SvrlFinding[];
  // A few Factur-X asserts (elements a profile does not use) carry no id: they are named by their rule set.
  return findings.map((finding) => ({
    rule: finding.id || id,
    severity: severity(finding.flag),
    message: finding.text,
    location: normalizedLocation(finding.location),
  }));
}
