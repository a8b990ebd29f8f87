import type { CodeRefusal } from "./code-refusal";

/** The most codes one render draws (per chunk in a chunked render), announced in /docs#limits (docs/limits.md#codes). */
export const MAX_CODES = 2_000;

/** What a page-wide code (the Swiss payment part) must fit: the page's width and the print scale. */
export interface PageGeometry {
  widthMm: number;
  scale: number;
}

/** A refusal met while checking an example, where it was met: the filter's line and column in the part. */
export interface CodeFinding {
  refusal: CodeRefusal;
  line: number;
  column: number;
}

/**
 * One render's codes: how many were drawn (identical calls included: the count bounds the loop, not the
 * drawing), each distinct call's drawing (identical calls draw once), the page they go on, and, when the render
 * is a check of the template's example, the refusals met (the check goes on past them instead of failing).
 */
export class CodeLedger {
  count = 0;
  readonly drawn = new Map<string, string>();
  constructor(
    readonly page?: PageGeometry,
    readonly findings?: CodeFinding[],
  ) {}
}
