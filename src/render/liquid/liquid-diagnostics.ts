import { type Filter, type Template, type Token, TypeGuards } from "liquidjs";
import { lenientParser as lenient, parsedSource } from "./liquid";
import { DATE_FILTERS, readsClock } from "./liquid-filters";
import { valuesIn } from "./liquid-parse";

/**
 * A filter worth a word before rendering: one that does not exist (the render fails), or a date filter given "now" or
 * "today" (it reads the render's instant).
 */
export interface LiquidFinding {
  code: "unknown_filter" | "clock_read";
  filter: string;
  line: number;
  column: number;
}

function position(filter: Filter): { line: number; column: number } {
  const [line = 0, column = 0] = (filter as unknown as { token: Token }).token.getPosition();
  return { line, column };
}

/**
 * The filters in `source` worth a warning: names no filter has (the renderer is strict about them, so the
 * render fails), and a date filter applied to a literal "now" or "today" (the output then depends on when it
 * was requested). Empty when `source` does not parse: the syntax check reports that.
 */
export function liquidFindings(source: string, limit = Number.POSITIVE_INFINITY): LiquidFinding[] {
  let templates: Template[];
  try {
    templates = parsedSource(source).templates;
  } catch {
    return [];
  }
  const findings: LiquidFinding[] = [];
  for (const value of valuesIn(templates)) {
    // Each position is found by scanning the source from its start: the findings past the limit are never placed.
    if (findings.length >= limit) break;
    const [initial] = value.initial.postfix;
    const clockLiteral =
      value.initial.postfix.length === 1 && TypeGuards.isQuotedToken(initial) && readsClock(initial.content);
    value.filters.forEach((filter, index) => {
      if (!lenient.filters[filter.name])
        findings.push({ code: "unknown_filter", filter: filter.name, ...position(filter) });
      else if (index === 0 && clockLiteral && DATE_FILTERS.has(filter.name))
        findings.push({ code: "clock_read", filter: filter.name, ...position(filter) });
    });
  }
  return findings.sort((a, b) => a.line - b.line || a.column - b.column);
}
