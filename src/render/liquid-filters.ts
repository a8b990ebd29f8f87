import type { Liquid } from "liquidjs";

class FilterError extends Error {}

function toNumber(value: unknown, filter: string): number {
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n)) throw new FilterError(`${filter}: ${JSON.stringify(value)} is not a number`);
  return n;
}

/** Calendar dates (YYYY-MM-DD) are read as UTC midnight so the printed day never depends on a time zone. */
function toDate(value: unknown): Date | null {
  if (value instanceof Date) return value;
  if (typeof value === "number") return new Date(value * 1000);
  if (typeof value !== "string") return null;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Inputs on which liquidjs's `date` reads the clock. */
export const CLOCK_WORDS = new Set(["now", "today"]);

/**
 * Folio's filters beyond the standard set. `date` refuses "now"/"today": renders are deterministic and
 * cached, so the clock may never reach the output; the date belongs in `data`.
 */
export function registerFilters(engine: Liquid): void {
  engine.registerFilter("money", (value: unknown, currency: unknown = "USD", locale: unknown = "en-US") => {
    try {
      return new Intl.NumberFormat(String(locale), { style: "currency", currency: String(currency) }).format(toNumber(value, "money"));
    } catch (error) {
      throw new FilterError(error instanceof FilterError ? error.message : `money: ${(error as Error).message}`);
    }
  });
  engine.registerFilter("date_medium", (value: unknown, locale: unknown = "en-US") => {
    const date = toDate(value);
    if (!date) return value;
    return new Intl.DateTimeFormat(String(locale), { dateStyle: "medium", timeZone: "UTC" }).format(date);
  });
  const builtinDate = engine.filters["date"]!;
  engine.registerFilter("date", function (this: unknown, value: unknown, ...args: unknown[]) {
    if (typeof value === "string" && CLOCK_WORDS.has(value.trim().toLowerCase())) {
      throw new FilterError(`date: "${value}" reads the clock, and renders are deterministic; pass the date in data instead`);
    }
    return (builtinDate as (...a: unknown[]) => unknown).call(this, value, ...args);
  });
}
