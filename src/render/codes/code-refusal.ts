/**
 * A value a code filter refuses (docs/codes.md#refusals): the filter, the field of its input and the rule broken,
 * with the figure passed where a ceiling is the rule. renderLiquid turns it into `render_failed`; the template
 * warnings into `invalid_code`.
 */
export class CodeRefusal extends Error {
  constructor(
    readonly filter: string,
    readonly field: string,
    readonly rule: string,
    message: string,
    readonly figures: Record<string, number> = {},
  ) {
    super(`${filter}: ${message}`);
  }

  get details(): Record<string, string | number> {
    return { filter: this.filter, field: this.field, rule: this.rule, ...this.figures };
  }
}

/** The refusal among `error` and the errors it wraps (liquidjs wraps a filter's error in its own). */
export function codeRefusalIn(error: unknown): CodeRefusal | undefined {
  let cause: unknown = error;
  for (let depth = 0; depth < 4 && cause; depth++) {
    if (cause instanceof CodeRefusal) return cause;
    cause = (cause as { originalError?: unknown; cause?: unknown }).originalError ?? (cause as Error).cause;
  }
  return undefined;
}
