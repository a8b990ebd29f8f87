// The e-invoice rule violations of an XML preview, read from its warnings and placed at their line in the XML.
// The service writes each as `RULE (severity, at XPATH): text` under the code e_invoice_rule. Pure: no DOM.
import type { TemplateWarning } from "@folio/sdk";
import { type TagPlace, xmlLocator } from "./xml-lines";

export interface PlacedViolation extends TagPlace {
  rule: string;
  /** A fatal violation is an error (a render under enforce refuses it), a warning is advice. */
  severity: "error" | "warning";
  location: string;
  /** The rule's own words. */
  message: string;
}

const RULE_MESSAGE = /^(\S+) \((fatal|warning), at (.*?)\): ([\s\S]*)$/;

export type RuleViolation = Omit<PlacedViolation, keyof TagPlace>;

/** The rule violations among warnings (e_invoice_rule), in the service's order, as the rules wrote them. */
export function ruleViolations(warnings: TemplateWarning[]): RuleViolation[] {
  return warnings.flatMap((warning): RuleViolation[] => {
    const m = warning.code === "e_invoice_rule" ? RULE_MESSAGE.exec(warning.message) : null;
    if (!m) return [];
    const [, rule = "", severity, location = "", message = ""] = m;
    return [{ rule: warning.rule ?? rule, severity: severity === "fatal" ? "error" : "warning", location, message }];
  });
}

/** The rule violations among a preview's warnings, each at the start tag its location names. */
export function placedViolations(xml: string, warnings: TemplateWarning[]): PlacedViolation[] {
  const locate = xmlLocator(xml);
  return ruleViolations(warnings)
    .map((v) => ({ ...v, ...locate(v.location) }))
    .sort((a, b) => a.from - b.from);
}

/** A warning that says the XML could not be checked at all (no render backend runs the rules). */
export const uncheckedNote = (warnings: TemplateWarning[]): string | null =>
  warnings.find((w) => w.code === "e_invoice_unchecked")?.message ?? null;
