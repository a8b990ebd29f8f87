// The e-invoice's rule violations as problems: one per rule with its count ("BR-CO-10 ×3"), an error when the rule
// is fatal (a render under enforce refuses it), placed in the rendered XML where the XML view shows it. Pure: no DOM.
import type { TemplateWarning } from "@folio/sdk";
import { ruleViolations } from "../xml/xml-violations";

/** The violations of one rule: where each is, as an XPath into the rendered XML, in the service's order. */
export interface RuleGroup {
  id: string;
  count: number;
  locations: string[];
}

export interface RuleProblem {
  severity: "error" | "warning";
  editor: null;
  path: string;
  message: string;
  diagnostic: null;
  rule: RuleGroup;
}

/** The rule violations among `warnings`, one problem per rule, fatal rules first; the rest of `warnings` apart. */
export function groupRuleWarnings(warnings: TemplateWarning[]): { rules: RuleProblem[]; others: TemplateWarning[] } {
  const groups = new Map<string, RuleProblem>();
  for (const v of ruleViolations(warnings)) {
    const seen = groups.get(v.rule);
    if (seen) {
      seen.rule.count++;
      seen.rule.locations.push(v.location);
      if (v.severity === "error") seen.severity = "error";
      continue;
    }
    groups.set(v.rule, {
      severity: v.severity,
      editor: null,
      path: "options.e_invoice.xml",
      message: v.message,
      diagnostic: null,
      rule: { id: v.rule, count: 1, locations: [v.location] },
    });
  }
  const rules = [...groups.values()];
  return {
    rules: [...rules.filter((p) => p.severity === "error"), ...rules.filter((p) => p.severity !== "error")],
    others: warnings.filter((w) => ruleViolations([w]).length === 0),
  };
}

/** "BR-CO-10 ×3": a rule and how many times the XML breaks it. */
export const ruleTitle = ({ id, count }: RuleGroup) => (count > 1 ? `${id} ×${count}` : id);

/** The fatal rules among problems: what a render enforcing the rules refuses. */
export const fatalRules = (problems: ReadonlyArray<{ severity: string; rule?: RuleGroup }>): string[] =>
  problems.flatMap((p) => (p.rule && p.severity === "error" ? [ruleTitle(p.rule)] : []));

/**
 * The fatal rules a publish should ask about: those of the last preview of the example, when the options enforce
 * the rules (the default); with `validation: "report"` renders succeed anyway, so nothing is asked.
 */
export function enforcedRuleFailures(
  problems: ReadonlyArray<{ severity: string; rule?: RuleGroup }>,
  options: unknown,
): string[] {
  const invoice = (options as { e_invoice?: { validation?: unknown } } | null)?.e_invoice;
  if (!invoice || invoice.validation === "report") return [];
  return fatalRules(problems);
}
