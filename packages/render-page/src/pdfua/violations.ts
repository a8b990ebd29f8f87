// What the checker found: one entry per rule, counted, with where it was first seen.
import { PDFUA_RULES, type PdfUaRule } from "./rules.ts";

export interface PdfUaViolation {
  rule: PdfUaRule;
  message: string;
  count: number;
  /** Where the first occurrence is: "page 3", "structure Table > TBody > TD", "catalog". */
  location?: string;
}

export interface PdfUaReport {
  checker: string;
  /** How many conditions the checker decided (the size of its rule table). */
  checks: number;
  /** Pages whose content was walked: fewer than the document's when the caller stopped early. */
  pages_checked: number;
  violations: PdfUaViolation[];
}

/** Counts violations by rule; the first location seen is the one a reader is pointed at. */
export class ViolationTally {
  readonly #byRule = new Map<PdfUaRule, PdfUaViolation>();

  add(rule: PdfUaRule, location?: string): void {
    const found = this.#byRule.get(rule);
    if (found) found.count++;
    else this.#byRule.set(rule, { rule, message: PDFUA_RULES[rule], count: 1, ...(location ? { location } : {}) });
  }

  /** Sorted by rule, so two runs over one file answer the same list; `more` from a tally of the whole walk. */
  list(more?: ViolationTally): PdfUaViolation[] {
    return [...this.#byRule.values(), ...(more?.list() ?? [])].sort((a, b) =>
      a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0,
    );
  }
}
