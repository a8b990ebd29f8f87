import { Context, type Liquid } from "liquidjs";
import { BoundedCache } from "../../lib/bounded-cache";
import { CodeLedger } from "../codes/code-ledger";

class FilterError extends Error {}

function toNumber(value: unknown, filter: string): number {
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n)) throw new FilterError(`${filter}: ${JSON.stringify(value)} is not a number`);
  return n;
}

/** Most decimals a number filter prints: what every engine's Intl accepts, and far past any currency's. */
const MAX_DECIMALS = 20;

/** What `money` and `number` were given besides the value and locale, as the template wrote them. */
interface NumberStyle {
  currency?: string;
  minDecimals: unknown;
  maxDecimals: unknown;
}

function decimalsOf(value: unknown, filter: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isInteger(n) || n < 0 || n > MAX_DECIMALS)
    throw new FilterError(
      `${filter}: decimals must be a whole number from 0 to ${MAX_DECIMALS}, not ${JSON.stringify(value)}`,
    );
  return n;
}

/**
 * Intl's formatters by locale and options: building one costs far more than formatting with it, and a statement
 * formats thousands of amounts and dates with the same few (docs/rendering.md#long-documents).
 */
const numberFormats = new BoundedCache<Intl.NumberFormat>(64);
const dateFormats = new BoundedCache<Intl.DateTimeFormat>(64);

/**
 * `value` written by Intl for `locale`: the same digits, separators and rounding (half away from zero) in the
 * Worker and in Node for a given locale. Decimals not asked for are the currency's (money) or 0 to 3 (number).
 */
function formatNumber(filter: string, value: unknown, locale: string, style: NumberStyle): string {
  const n = toNumber(value, filter);
  const min = decimalsOf(style.minDecimals, filter);
  const max = decimalsOf(style.maxDecimals, filter);
  if (min !== undefined && max !== undefined && max < min)
    throw new FilterError(`${filter}: at most ${max} decimals is fewer than the ${min} asked for at least`);
  try {
    const options: Intl.NumberFormatOptions = {
      ...(style.currency === undefined ? {} : { style: "currency", currency: style.currency }),
      ...(min === undefined ? {} : { minimumFractionDigits: min }),
      ...(max === undefined ? {} : { maximumFractionDigits: max }),
    };
    return numberFormats
      .get(`${locale}\u0000${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options))
      .format(n);
  } catch (error) {
    throw new FilterError(`${filter}: ${(error as Error).message}`);
  }
}

/** Calendar dates (YYYY-MM-DD) are read as UTC midnight so the printed day never depends on a time zone. */
function toDate(value: unknown): Date | null {
  if (value instanceof Date) return value;
  if (typeof value === "number") return new Date(value * 1000);
  if (typeof value !== "string") return null;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Inputs on which a date filter means the present moment. */
const CLOCK_WORDS = new Set(["now", "today"]);

/** Whether a date filter given `value` means "now": the word as liquidjs reads it, in any case and spacing. */
export function readsClock(value: unknown): boolean {
  return typeof value === "string" && CLOCK_WORDS.has(value.trim().toLowerCase());
}

/** liquidjs's filters that read the clock themselves (Date.now()) when given "now" or "today". */
const LIQUID_DATE_FILTERS = ["date", "date_to_xmlschema", "date_to_rfc822", "date_to_string", "date_to_long_string"];

/** Every filter that takes a date, so every one that can be asked for "now" or "today". */
export const DATE_FILTERS: ReadonlySet<string> = new Set([...LIQUID_DATE_FILTERS, "date_medium"]);

/**
 * What a Liquid part writes: the page (HTML, outputs as they are) or XML (an e-invoice, an attachment declared XML).
 */
export type Markup = "html" | "xml";

/**
 * One render's context, holding the instant "now" and "today" stand for: the time the render was requested
 * (README, "Templates that read the clock"). It is given to the render, so no filter reads the clock.
 */
export class RenderContext extends Context {
  constructor(
    scope: object,
    engine: Liquid,
    readonly instant: Date,
    /**
     * The memory and time counters of an earlier part of the same render, to go on counting in (liquid.ts,
     * LiquidBudget).
     */
    limits: Pick<Context, "memoryLimit" | "renderLimit"> | undefined,
    /** What the part writes: in XML every output is escaped (liquid-xml.ts), in a page none is. */
    readonly markup: Markup = "html",
    /** The codes drawn so far by the render (codes/code-ledger.ts). */
    readonly codes: CodeLedger = new CodeLedger(),
  ) {
    super(scope, engine.options, { sync: false }, { liquid: engine, ...limits });
  }
}

type FilterThis = { context: Context };

/** The instant of the render a filter runs in; a render without one is a fault of Folio's, never the template's. */
function instantOf(filter: FilterThis): Date {
  if (filter.context instanceof RenderContext) return filter.context.instant;
  throw new Error("A Liquid render was started without its instant: render through renderLiquid.");
}

/** Folio's filters beyond the standard set, and the standard date filters made to read the render's instant. */
export function registerFilters(engine: Liquid): void {
  engine.registerFilter(
    "money",
    (value: unknown, currency: unknown = "USD", locale: unknown = "en-US", decimals?: unknown) =>
      formatNumber("money", value, String(locale), {
        currency: String(currency),
        minDecimals: decimals,
        maxDecimals: decimals,
      }),
  );
  engine.registerFilter(
    "number",
    (value: unknown, locale: unknown = "en-US", minDecimals?: unknown, maxDecimals?: unknown) =>
      formatNumber("number", value, String(locale), { minDecimals, maxDecimals }),
  );
  engine.registerFilter("date_medium", function (this: FilterThis, value: unknown, locale: unknown = "en-US") {
    const date = readsClock(value) ? instantOf(this) : toDate(value);
    if (!date) return value;
    return dateFormats
      .get(String(locale), () => new Intl.DateTimeFormat(String(locale), { dateStyle: "medium", timeZone: "UTC" }))
      .format(date);
  });
  for (const name of LIQUID_DATE_FILTERS) {
    const builtin = engine.filters[name] as (this: FilterThis, ...args: unknown[]) => unknown;
    engine.registerFilter(name, function (this: FilterThis, value: unknown, ...args: unknown[]) {
      return builtin.call(this, readsClock(value) ? instantOf(this) : value, ...args);
    });
  }
}
